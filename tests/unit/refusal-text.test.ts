import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/data/api-client';
import { ACTION_LABELS, asSentence } from '../../src/domain/action-labels';
import { PARTY_EVENTS } from '../../src/domain/transaction-transitions';

describe('what a refused action tells the user', () => {
  it('drops the field name the API puts in front of its reason', () => {
    const refused = new ApiError(400, 'housing: Choose whether you own or rent', 'housing');
    expect(refused.message).toBe('housing: Choose whether you own or rent');
    expect(refused.reason).toBe('Choose whether you own or rent');
    expect(new ApiError(422, 'That quote is no longer available.').reason).toBe('That quote is no longer available.');
  });

  it('reads as a sentence', () => {
    expect(asSentence('Choose whether you own or rent')).toBe('Choose whether you own or rent.');
    expect(asSentence('the offer changed while you were looking at it.')).toBe('The offer changed while you were looking at it.');
    expect(asSentence('Are you sure?')).toBe('Are you sure?');
  });

  it('names every party action in words, not by its event name', () => {
    for (const event of PARTY_EVENTS) expect(ACTION_LABELS[event], event).toMatch(/^[A-Z][a-z]+ing /);
  });
});
