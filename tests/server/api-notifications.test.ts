/**
 * Notifications (issue 21) and a closed sale, against the real API and database: an offer
 * answered and a step waiting on the other party each tell that party once — mailed once, with a
 * link built from APP_ORIGIN, and listed for them at GET /notifications; a sale the closing
 * steps finished (written through the engine, as issues 19-20 will) is a previous transaction
 * with what its detail tabs show, and its signing told the other side their documents wait.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { notifications } from '../../server/db/schema';
import { createDispatcher } from '../../server/effects/dispatcher';
import { mailHandler } from '../../server/effects/mail';
import { writeNotification } from '../../server/kernel/notify';
import type { Mailer } from '../../server/providers/mailer';
import { apiFor } from '../support/api-harness';
import { transactionDetailSchema } from '../../src/domain/transaction-contract';
import { buyerThroughInsurance, closeThroughEngine } from '../support/closing';
import { actAs, dealBetween, offerBetween, verifiedInquiry } from '../support/deals';

const parts = inject('parts');
const APP_ORIGIN = 'https://app.caramel.example';
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts, { APP_ORIGIN });
});
afterAll(() => api.close());

const listFor = async (who: { bearer: string }) =>
  (await api.call('GET', '/api/notifications', who.bearer)).json().notifications as { kind: string; subject: string; link: string }[];

function capturingMailer() {
  const sent: { to: string; subject: string; body: string }[] = [];
  const mailer: Mailer = { send: async (message) => void sent.push(message) };
  return { sent, mailer };
}

/** Delivers the outbox's mail through `mailer`, as the API's dispatcher does (this API has no mail provider of its own). */
const deliverMail = (mailer: Mailer) =>
  createDispatcher(api.database.db, { mail: mailHandler(api.database.db, mailer, APP_ORIGIN) }, { warn: () => undefined }).run();

const HOME = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };

describe('notifications', () => {
  it('tells the other party once that their offer was answered: mailed once, with the app link, and listed for them', async () => {
    const { seller, buyer } = await dealBetween(api, parts.identity);
    const sale = await offerBetween(api, seller, buyer, 19_000);
    const counter = { action: 'counter', amount: 18_000, latestOfferId: sale.latestOffer.id, idempotencyKey: randomUUID() };
    await api.call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, counter);
    await api.call('POST', `/api/offers/${sale.id}/actions`, buyer.bearer, counter); // the same action again: no second notification

    const seen = await listFor(seller);
    expect(seen.filter((row) => row.subject.startsWith('A counteroffer'))).toEqual([
      // It leads to that offer, not to the list of all of them.
      expect.objectContaining({
        kind: 'offer answered',
        subject: 'A counteroffer of $18,000',
        link: `/dashboard/caramel-offers?offer=${sale.id}`,
      }),
    ]);
    expect(await listFor(buyer)).toContainEqual(expect.objectContaining({ kind: 'offer received' })); // attached when they linked their account

    const { sent, mailer } = capturingMailer();
    await deliverMail(mailer);
    await deliverMail(mailer);
    const toSeller = sent.filter((message) => message.to === seller.email && message.subject.startsWith('A counteroffer'));
    expect(toSeller).toHaveLength(1);
    expect(toSeller[0]!.body).toContain(`${APP_ORIGIN}/dashboard/caramel-offers?offer=${sale.id}`);
  });

  it('writes one notification per event and recipient, however often the event asks', async () => {
    const { seller } = await dealBetween(api, parts.identity);
    const { uid } = (await api.call('GET', '/api/users/profile', seller.bearer)).json();
    const notice = { kind: 'payment released' as const, key: `released:${randomUUID()}`, subject: 'Funds released', body: 'Paid.' };
    const written = await api.database.db.transaction(async (tx) => [
      await writeNotification(tx, { userId: uid, email: seller.email }, notice),
      await writeNotification(tx, { userId: uid, email: seller.email }, notice),
    ]);
    expect(written.map(Boolean)).toEqual([true, false]);
    expect(
      await api.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.dedupKey, `${notice.key}→${uid}`)),
    ).toHaveLength(1);
  });

  it('tells the seller once that the buyer verified their identity, and not the buyer when the seller follows', async () => {
    const { seller, buyer, sellerTx, buyerTx } = await dealBetween(api, parts.identity);
    await actAs(api, buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, buyerTx, 'approved') });
    await actAs(api, buyer, buyerTx, 'address submitted', HOME);
    await actAs(api, buyer, buyerTx, 'identity done', { housing: 'own', yearsAtAddress: 2, employer: 'Acme', annualIncomeDollars: 90_000 });
    expect((await listFor(seller)).filter((row) => row.kind === 'step waiting')).toEqual([
      expect.objectContaining({ subject: 'Your buyer has verified their identity', link: `/transaction?transaction=${sellerTx}` }),
    ]);

    await actAs(api, seller, sellerTx, 'identity submitted', { inquiryId: await verifiedInquiry(parts.sandbox.url, sellerTx, 'approved') });
    await actAs(api, seller, sellerTx, 'address submitted', HOME);
    await actAs(api, seller, sellerTx, 'identity done', { pickupAddress: HOME });
    await actAs(api, seller, sellerTx, 'reports reviewed');
    expect((await listFor(buyer)).filter((row) => row.kind === 'step waiting')).toEqual([]);
  });
});

describe('a closed sale', () => {
  it('is a previous transaction with its financing, insurance and care plan; its signing told the seller their documents wait', async () => {
    const { seller, buyer, buyerTx, sellerTx, buyerList } = await dealBetween(api, parts.identity);
    await buyerThroughInsurance(api, parts.sandbox.url, buyer, buyerTx);
    const uid = async (who: { bearer: string }) => (await api.call('GET', '/api/users/profile', who.bearer)).json().uid as string;
    await closeThroughEngine(api, buyerTx, await uid(buyer));
    // Until the seller's side ends too, the sale is not closed: the buyer still follows it.
    expect((await api.call('GET', '/api/transactions', buyer.bearer)).json().active).toEqual([expect.objectContaining({ id: buyerTx })]);
    const deal = (await api.call('GET', `/api/deals/${buyerList.active[0].dealId}`, seller.bearer)).json();
    expect(deal.otherParty).toMatchObject({ role: 'buyer', progress: 'Your buyer has finished their side of the sale.' });
    await closeThroughEngine(api, sellerTx, await uid(seller));

    const list = (await api.call('GET', '/api/transactions', buyer.bearer)).json();
    expect(list.active).toEqual([]);
    expect(list.previous).toEqual([
      expect.objectContaining({ id: buyerTx, status: 'signature_done', sale: expect.objectContaining({ stage: 'closed' }) }),
    ]);
    expect((await api.call('GET', '/api/dashboard', buyer.bearer)).json()).toMatchObject({
      activeTransactions: { total: 0 },
      previousTransactions: { total: 1 },
    });
    const detail = (await api.call('GET', `/api/transactions/${buyerTx}`, buyer.bearer)).json();
    // The app reads it with the one contract, offline from IndexedDB too.
    expect(transactionDetailSchema.safeParse(detail).error).toBeUndefined();
    expect(
      transactionDetailSchema.safeParse((await api.call('GET', `/api/transactions/${sellerTx}`, seller.bearer)).json()).error,
    ).toBeUndefined();
    expect(detail.data.financing.chosenOfferId).toBe(detail.data.financing.offers[0].id);
    expect(detail.data.insurance.policyNumber).toBe('SBX-CLOSED-1');
    expect(detail.data.protection.chosenPlanId).toBe(detail.carePlans[0].id);
    expect(detail.priceBreakdown.financing).not.toBeNull();

    expect(await listFor(seller)).toContainEqual(
      expect.objectContaining({ kind: 'documents to sign', subject: 'Your buyer has signed the sale documents' }),
    );
  });
});
