/**
 * State beside events (DESIGN §13): each transaction's row keeps the step data its events fold
 * to, written by the statement that saves its version. After any sequence of events, appended
 * in units of work of any size, saved at any point, by fold code of the running revision or an
 * older one, what the row holds is what folding every event gives.
 */
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { transactions } from '../../server/db/schema';
import { eventsOf } from '../../server/kernel/event-log';
import { unitOfWork } from '../../server/kernel/unit-of-work';
import { foldStepData } from '../../src/domain/step-data';
import { apiFor } from '../support/api-harness';
import { dealBetween } from '../support/deals';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;
let transactionId: string;
let dealId: string;

beforeAll(async () => {
  api = await apiFor(parts);
  const { buyer, buyerTx } = await dealBetween(api, parts.identity);
  transactionId = buyerTx;
  dealId = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json().dealId;
});
afterAll(() => api?.close());

const text = fc.string({ maxLength: 8 });
const id = fc.uuid();
/** Events of every step, each with a payload of the shape its fold reads. */
const EVENTS: Record<string, fc.Arbitrary<Record<string, unknown>>> = {
  'identity submitted': fc.record({ inquiryId: id }),
  'identity approved': fc.constant({}),
  'identity declined': fc.constant({}),
  'identity retried': fc.constant({}),
  'address submitted': fc.record({ street: text, city: text, state: text, postalCode: text }),
  'address verified': fc.constant({}),
  'loans offered': fc.record({ offers: fc.array(fc.record({ id, lender: text, aprBasisPoints: fc.nat() }), { maxLength: 3 }) }),
  'finance done': fc.record({ offerId: id }),
  'finance skipped': fc.constant({}),
  'protection chosen': fc.record({ planId: id }),
  'protection skipped': fc.constant({}),
  'insurance quoted': fc.record({ quotes: fc.array(fc.record({ id, carrier: text, premiumCents: fc.nat() }), { maxLength: 3 }) }),
  'insurance coverage selected': fc.record({ quoteId: id }),
  'insurance skipped': fc.record({ existingCarrier: text }),
  'gov id started': fc.record({ inquiryId: id }),
  'gov id approved': fc.constant({}),
  'gov id retried': fc.constant({}),
  'documents signed': fc.record({ envelopeId: id, signedAt: fc.constant('2026-11-28T10:00:00.000Z') }),
  'signatures collected': fc.constant({}),
  'bank linked': fc.record({ accountId: id, authorizedCents: fc.nat() }),
  'payment returned': fc.record({ code: text, reason: text }),
  'payout account changed': fc.record({ accountId: id }),
  'title approved': fc.constant({}),
  'title photo needed': fc.record({ documentKey: text, reason: text }),
  'agent authorized': fc.record({ fullName: text }),
  'inspection skipped': fc.constant({}),
  'vehicle received': fc.record({ receivedAt: fc.constant('2026-11-28T12:00:00.000Z') }),
  'money moved': fc.constant({}),
};
const anEvent = fc.oneof(...Object.entries(EVENTS).map(([event, payload]) => payload.map((body) => ({ event, payload: body }))));
/** One unit of work: its events, whether it saves halfway too, and whether the row was folded by older code before it. */
const aUnitOfWork = fc.record({
  events: fc.array(anEvent, { minLength: 1, maxLength: 4 }),
  saveHalfway: fc.boolean(),
  olderFold: fc.boolean(),
});

/** Compared as the API sends them: in JSON. */
const asSent = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

it('what a row holds is what its events fold to, after any sequence of events', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(aUnitOfWork, { minLength: 1, maxLength: 4 }), async (units) => {
      for (const unit of units) {
        if (unit.olderFold) await api.database.db.update(transactions).set({ foldRevision: 0 }).where(eq(transactions.id, transactionId));
        await unitOfWork({ db: api.database.db }, { dealId }, async (uow) => {
          const log = await uow.transaction(transactionId, dealId);
          for (const [index, { event, payload }] of unit.events.entries()) {
            await log.append({ kind: 'provider' }, event as never, payload);
            if (unit.saveHalfway && index === 0) await log.save();
          }
          await uow.save();
        });
      }
      const [row] = await api.database.db.select().from(transactions).where(eq(transactions.id, transactionId));
      expect(asSent(row!.stepData)).toEqual(asSent(foldStepData(await eventsOf(api.database.db, transactionId))));
      expect(row!.foldRevision).toBeGreaterThan(0);
    }),
    { numRuns: 40 },
  );
  // Every event of every run is in the log once, numbered 1…version.
  const versions = (await eventsOf(api.database.db, transactionId)).map((event) => event.version);
  expect(versions).toEqual(Array.from({ length: versions.length }, (_, index) => index + 1));
});
