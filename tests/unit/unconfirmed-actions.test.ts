/**
 * Which waiting actions a step's screen tells the person about ("Not confirmed yet", "1 action pending"): a notice
 * that came and went as each action was confirmed moved the step under a tap, so online it waits a moment first.
 */
import { describe, expect, it } from 'vitest';
import { CONFIRMING_MS, unconfirmed, type TransactionAction } from '../../src/data/outbox/outbox-rows';

const action = (createdAt: number, state: TransactionAction['state'] = 'pending'): TransactionAction => ({
  kind: 'transaction',
  transactionId: 't-1',
  event: 'inspection done',
  payload: {},
  expectedVersion: 4,
  idempotencyKey: `key-${createdAt}-${state}`,
  createdAt,
  state,
});

describe('an action waiting for the server', () => {
  const pressed = action(10_000);

  it('is not announced online while the server may still answer at once', () => {
    expect(unconfirmed([pressed], true, 10_000)).toEqual([]);
    expect(unconfirmed([pressed], true, 10_000 + CONFIRMING_MS - 1)).toEqual([]);
  });

  it('is announced online once it has waited its moment', () => {
    expect(unconfirmed([pressed], true, 10_000 + CONFIRMING_MS)).toEqual([pressed]);
  });

  it('is announced at once offline, where nothing confirms it until the connection returns', () => {
    expect(unconfirmed([pressed], false, 10_000)).toEqual([pressed]);
  });

  it('counts only what still waits: a refused action is said by its own notice', () => {
    expect(unconfirmed([pressed, action(1_000, 'refused')], false, 10_000)).toEqual([pressed]);
  });
});
