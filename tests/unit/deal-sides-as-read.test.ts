import { describe, expect, it } from 'vitest';
import { eventsAsOf } from '../../server/kernel/deal-sides';
import type { EventRow, TransactionRow } from '../../server/kernel/event-log';

const event = (version: number, event: string, payload: Record<string, unknown>, idempotencyKey: string) =>
  ({ version, event, payload, idempotencyKey, transactionId: 't-1' }) as unknown as EventRow;

const row = (version: number) => ({ id: 't-1', version, status: 'payment_start' }) as TransactionRow;

describe('a side’s events read outside a unit of work', () => {
  it('leave out the events of a write that committed between reading the row and reading its events', () => {
    const linked = event(17, 'bank linked', { accountId: 'a-1', authorizedCents: 100 }, 'bank-key');
    const events = eventsAsOf(row(16), [event(16, 'payment started', {}, 'k-16'), linked]);
    expect(events.map((one) => one.idempotencyKey)).toEqual(['k-16']);
  });

  it('are all kept when the row already counts them', () => {
    const events = [event(16, 'payment started', {}, 'k-16'), event(17, 'bank linked', { accountId: 'a-1' }, 'bank-key')];
    expect(eventsAsOf(row(17), events)).toEqual(events);
  });
});
