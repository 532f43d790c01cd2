/**
 * A closed sale for tests that need one, not how it got there: the buyer walks identity,
 * financing, protection and insurance through the API as a person would, then the rest of each
 * side's flow is written through the engine (event-log.ts) — party actions and provider answers
 * along the transition table — up to the flow's last status; once both sides are there the car is
 * handed over and the buyer confirms delivery, and the deal closes as it does after any move
 * (server/modules/signing/closing.ts).
 */
import { randomUUID } from 'node:crypto';
import { FINAL_STATUS, FLOW_TRANSITIONS, isProviderEvent, type TransactionEvent } from '../../src/domain/transaction-transitions';
import type { TransactionStatus } from '../../src/domain/transaction-flows';
import { transactions } from '../../server/db/schema';
import { closeIfDone } from '../../server/modules/signing/closing';
import { confirmDelivery } from '../../server/modules/delivery/delivery';
import { handOver } from '../../server/modules/transport/shipments';
import { SUBSCRIBERS } from '../../server/effects/subscriptions';
import { unitOfWork } from '../../server/kernel/unit-of-work';
import type { apiFor } from './api-harness';
import { actAs, verifiedInquiry } from './deals';
import { eq } from 'drizzle-orm';

type Api = Awaited<ReturnType<typeof apiFor>>;

const ADDRESS = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' };
const DETAILS = { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 85_000 };
const APPLICATION = { downPaymentDollars: 4_000, months: 60, band: 'good', annualIncomeDollars: 85_000, creditCheckConsent: true };
const QUOTE = { postalCode: '78701', dateOfBirth: '1988-04-02', accidents: 0, coverage: 'standard' };

/** The buyer's identity, a loan, the first care plan and an insurance policy, through the API. */
export async function buyerThroughInsurance(api: Api, sandboxUrl: string, buyer: { bearer: string }, buyerTx: string) {
  const act = (event: string, payload: object = {}) => actAs(api, buyer, buyerTx, event, payload);
  const detail = async () => (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
  await act('identity submitted', { inquiryId: await verifiedInquiry(sandboxUrl, buyerTx, 'approved') });
  await act('address submitted', ADDRESS);
  await act('identity done', DETAILS);
  await act('finance application submitted', APPLICATION);
  await act('finance done', { offerId: (await detail()).data.financing.offers[0].id });
  await act('protection chosen', { planId: (await detail()).carePlans[0].id });
  await act('insurance quote requested', QUOTE);
  await act('insurance coverage selected', { quoteId: (await detail()).data.insurance.quotes[0].id });
  await act('insurance done', { policyNumber: 'SBX-CLOSED-1' });
}

/** Ways that only make sense with what their payload says (a lien and its payoff): the closed sale goes the other way. */
const TAKES_A_PAYLOAD: ReadonlySet<TransactionEvent> = new Set(['title lender submitted']);

const photo = (name: string) => ({ documentKey: `closed/${name}.jpg`, fileName: `${name}.jpg` });
/** What the screens and providers would have sent with the events whose step data the app reads (its schema needs them). */
const PAYLOADS: Partial<Record<TransactionEvent, Record<string, unknown>>> = {
  'identity submitted': { inquiryId: 'inq_closed' },
  'address submitted': ADDRESS,
  'identity done': { pickupAddress: ADDRESS },
  'bank linked': { accountId: '00000000-0000-4000-8000-000000000000', authorizedCents: 0 },
  'gov id started': { inquiryId: 'inq_closed_gov_id' },
  'documents signed': { envelopeId: 'env_closed', signedAt: '2026-12-02T10:00:00.000Z' },
  'transport booked': { kind: 'Pickup', day: '2026-12-01', time: '11:00' },
  'title docs uploaded': { titleFront: photo('title-front'), titleBack: photo('title-back'), titleInSellerName: true, ownership: [] },
  'title vehicle docs uploaded': { vinPlate: photo('vin-plate'), odometer: photo('odometer'), odometerReading: 84_100 },
};

/** The shortest run of events from `from` to the flow's last status, along the table. */
function pathToEnd(flow: keyof typeof FLOW_TRANSITIONS, from: TransactionStatus): TransactionEvent[] {
  const table = FLOW_TRANSITIONS[flow];
  const queue: { status: TransactionStatus; events: TransactionEvent[] }[] = [{ status: from, events: [] }];
  const seen = new Set([from]);
  while (queue.length) {
    const { status, events } = queue.shift()!;
    if (status === FINAL_STATUS[flow]) return events;
    for (const [event, to] of Object.entries(table[status] ?? {}) as [TransactionEvent, TransactionStatus][]) {
      if (seen.has(to) || TAKES_A_PAYLOAD.has(event)) continue;
      seen.add(to);
      queue.push({ status: to, events: [...events, event] });
    }
  }
  throw new Error(`${flow} has no way from ${from} to its end`);
}

/** Writes the rest of the transaction's flow through the engine, as `userId` and the providers. */
export async function closeThroughEngine(api: Api, transactionId: string, userId: string): Promise<TransactionEvent[]> {
  const db = api.database.db;
  const [row] = await db.select().from(transactions).where(eq(transactions.id, transactionId));
  const path = pathToEnd(row!.flow, row!.status);
  await unitOfWork({ db, subscribers: SUBSCRIBERS }, { dealId: row!.dealId }, async (uow) => {
    const log = await uow.transaction(transactionId, row!.dealId);
    for (const event of path)
      await log.append(
        isProviderEvent(event) ? { kind: 'provider' } : { kind: 'party', userId, key: randomUUID() },
        event,
        PAYLOADS[event] ?? {},
      );
    await uow.save();
    // Once both sides are at their end the car changes hands and the buyer confirms it: only then does the sale close.
    const { buyer, seller } = await uow.dealSides(row!.dealId);
    if ([buyer, seller].every((side) => side && side.row.status === FINAL_STATUS[side.row.flow])) {
      await handOver(uow, row!.dealId, 'Collected by the buyer');
      await confirmDelivery(uow, row!.dealId, 'buyer');
    }
    await closeIfDone(uow, row!.dealId);
  });
  return path;
}
