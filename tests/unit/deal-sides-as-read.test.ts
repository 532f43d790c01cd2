import { describe, expect, it } from 'vitest';
import { asOfRows, type Side } from '../../server/kernel/deal-sides';
import type { EventRow, TransactionRow } from '../../server/kernel/event-log';

const event = (version: number, event: string, payload: Record<string, unknown>, idempotencyKey: string) =>
  ({ version, event, payload, idempotencyKey, transactionId: 't-1' }) as unknown as EventRow;

const side = (rowVersion: number, events: EventRow[]): Side =>
  ({ row: { id: 't-1', version: rowVersion, status: 'payment_start' } as TransactionRow, events, data: {} }) as unknown as Side;

describe('a side read outside a unit of work', () => {
  it('leaves out the events of a write that committed between reading the row and reading its events', () => {
    const linked = event(17, 'bank linked', { accountId: 'a-1', authorizedCents: 100 }, 'bank-key');
    const { buyer } = asOfRows({ buyer: side(16, [event(16, 'payment started', {}, 'k-16'), linked]), seller: null });
    expect(buyer!.events.map((one) => one.idempotencyKey)).toEqual(['k-16']);
    expect(buyer!.data.payment.accountId).toBeFalsy();
  });

  it('keeps a side whose events its row already counts as it is', () => {
    const whole = side(17, [event(16, 'payment started', {}, 'k-16'), event(17, 'bank linked', { accountId: 'a-1' }, 'bank-key')]);
    expect(asOfRows({ buyer: whole, seller: null }).buyer).toBe(whole);
  });
});
