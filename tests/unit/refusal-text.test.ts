import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError, ServerError } from '../../src/data/api/api-client';
import { notSavedText } from '../../src/data/api/problem-words';
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

describe('what a person reads when something they did was not kept', () => {
  it('says what to do, never a library’s message', () => {
    expect(
      notSavedText(
        'Your message was not saved',
        new DOMException('Encountered full disk while opening backing store', 'QuotaExceededError'),
      ),
    ).toBe(
      'Your message was not saved: this device could not keep it (its storage may be full, or this is a private window). Free some space or reload the page, then try again.',
    );
    expect(notSavedText('Your action was not saved', new TypeError('Cannot read properties of undefined'))).not.toMatch(
      /Cannot read|undefined/,
    );
    expect(notSavedText('Your details were not saved', new NetworkError())).toBe(
      'Your details were not saved: you are offline, or our servers cannot be reached. Try again once you are back online.',
    );
    expect(notSavedText('Your details were not saved', new ServerError(500, 'Server error 500'))).toBe(
      'Your details were not saved: our servers had a problem. Try again in a minute.',
    );
  });

  it('says our own refusals and the API’s reasons as they are', () => {
    expect(
      notSavedText(
        'Your answer was not saved',
        new Error('This offer is not saved on this device. Connect to the internet and open your offers again.'),
      ),
    ).toBe('Your answer was not saved: This offer is not saved on this device. Connect to the internet and open your offers again.');
    expect(notSavedText('Your details were not saved', new ApiError(400, 'mobile: Enter a US mobile number', 'mobile'))).toBe(
      'Your details were not saved: Enter a US mobile number',
    );
  });
});
