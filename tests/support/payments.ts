/**
 * Server-test helpers for the transport and payment steps: a bank linked through the sandbox's
 * hosted-page API as a browser would drive it, each side brought to its payment step, and the
 * deal's ledger as stored.
 */
import { eq } from 'drizzle-orm';
import { ledgerJournals, ledgerLines, transfers } from '../../server/db/money-tables';
import type { apiFor } from './api-harness';
import { must, until, type ApiCaller } from './api-caller';
import { PICKUP_SLOTS, pickupDays } from '../../src/domain/transport';
import { actAs, dealBetween, uploadedDocument, verifiedInquiry } from './deals';
import type { LocalParts } from './local-parts';

type Api = ApiCaller;
type Who = { bearer: string };

export const HOME = { line1: '12 Elm St', city: 'Portland', state: 'OR', postalCode: '97201' };
export const BUYER_HOME = { line1: '400 Pine St', city: 'Seattle', state: 'WA', postalCode: '98101' };
/** A loan on the car with a sandbox lender, its payoff entered by the seller. */
export const HARBOR_LIEN = {
  lienholderId: 'harbor-cu',
  lienholderName: 'Harbor Credit Union',
  accountNumber: 'AC-4417-2210',
  payoff: { amountCents: 1_234_567, goodThrough: '2030-01-31', perDiemCents: 236, source: 'entered' },
  titleInSellerName: true,
};

/** Links a bank for `who` through the sandbox's hosted page (as its page's script does); the account the API answers. */
export async function linkedAccount(api: Api, sandboxUrl: string, who: Who, login = 'user_good') {
  const started = (await api.call('POST', '/api/bank-accounts/link', who.bearer, { returnTo: '/link-account' })).json();
  const linkToken = new URL(started.url).searchParams.get('token')!;
  const post = async (path: string, body: object) =>
    (
      await fetch(`${sandboxUrl}/bank-link/hosted/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
    ).json();
  const session = await post('login', { linkToken, institutionId: 'ins_platypus', username: login, password: 'pass_good' });
  const done = await post('complete', { session: session.session, accountId: session.accounts[0].id });
  const publicToken = new URL(done.redirect).searchParams.get('public_token');
  const answer = await api.call('POST', '/api/bank-accounts', who.bearer, { publicToken, linkToken });
  must(answer.statusCode === 201, `linking a bank: ${answer.body}`);
  return answer.json().account as { id: string; mask: string; status: string };
}

export function stepsFor(api: Api) {
  const act = async (who: Who, id: string, event: string, payload: object = {}) => {
    const answer = await actAs(api, who, id, event, payload);
    must(answer.statusCode === 200, `${event}: ${answer.body}`);
    return answer.json().transaction;
  };
  const detail = async (who: Who, id: string) => (await api.call('GET', `/api/transactions/${id}`, who.bearer)).json();
  return { act, detail };
}

/** The seller verified, with a pickup address, and their title approved by the title desk (without a lien unless given). */
export async function sellerApproved(api: Api, sandboxUrl: string, seller: Who, sellerTx: string, lien?: object) {
  const { act, detail } = stepsFor(api);
  await act(seller, sellerTx, 'identity submitted', { inquiryId: await verifiedInquiry(sandboxUrl, sellerTx, 'approved') });
  await act(seller, sellerTx, 'address submitted', HOME);
  await act(seller, sellerTx, 'identity done', { pickupAddress: HOME });
  await act(seller, sellerTx, 'reports reviewed');
  if (lien) await act(seller, sellerTx, 'title lender submitted', lien);
  else {
    const titleFront = await uploadedDocument(api, seller, sellerTx, 'title-front', 'front.jpg');
    const titleBack = await uploadedDocument(api, seller, sellerTx, 'title-back', 'back.jpg');
    await act(seller, sellerTx, 'title docs uploaded', { titleFront, titleBack, titleInSellerName: true, ownership: [] });
  }
  const vinPlate = await uploadedDocument(api, seller, sellerTx, 'vin-plate', 'vin.jpg');
  const odometer = await uploadedDocument(api, seller, sellerTx, 'odometer', 'odo.jpg');
  await act(seller, sellerTx, 'title vehicle docs uploaded', { vinPlate, odometer, odometerReading: 84_100 });
  await until(async () => (await detail(seller, sellerTx)).status, 'pricebreakdown_start', 15_000, 'the title desk’s approval');
}

/** The buyer verified, paying cash (or with the first loan offered), no protection or insurance: at the transport step. */
export async function buyerAtTransport(api: Api, sandboxUrl: string, buyer: Who, buyerTx: string, financed = false) {
  const { act } = stepsFor(api);
  await act(buyer, buyerTx, 'identity submitted', { inquiryId: await verifiedInquiry(sandboxUrl, buyerTx, 'approved') });
  await act(buyer, buyerTx, 'address submitted', BUYER_HOME);
  await act(buyer, buyerTx, 'identity done', { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 90_000 });
  if (financed) {
    const application = { downPaymentDollars: 4_000, months: 60, band: 'good', annualIncomeDollars: 90_000, creditCheckConsent: true };
    const offered = await act(buyer, buyerTx, 'finance application submitted', application);
    await act(buyer, buyerTx, 'finance done', { offerId: offered.data.financing.offers[0].id });
  } else await act(buyer, buyerTx, 'finance skipped');
  await act(buyer, buyerTx, 'protection skipped');
  return act(buyer, buyerTx, 'insurance skipped', {});
}

/** A delivery booked from the cheapest quote to the buyer's home. */
export async function deliveryBooked(api: Api, buyer: Who, buyerTx: string) {
  const quotes = (
    await api.call('POST', `/api/transactions/${buyerTx}/transport-quotes`, buyer.bearer, { deliveryAddress: BUYER_HOME })
  ).json();
  must(quotes.quotes.length > 0, 'no delivery quotes');
  await stepsFor(api).act(buyer, buyerTx, 'transport booked', { kind: 'Delivery', quoteId: quotes.quotes[0].id });
  return quotes.quotes[0];
}

/** The deal's ledger as stored: each journal's lines, and every transfer. */
export async function ledgerOf(api: Awaited<ReturnType<typeof apiFor>>, dealId: string) {
  const db = api.database.db;
  const journals = await db.select().from(ledgerJournals).where(eq(ledgerJournals.dealId, dealId));
  const lines = await db.select().from(ledgerLines);
  return {
    journals: journals.map((journal) => ({
      ...journal,
      lines: lines.filter((line) => line.journalId === journal.id).map((line) => ({ account: line.account, cents: line.cents })),
    })),
    transfers: await db.select().from(transfers).where(eq(transfers.dealId, dealId)),
  };
}

/** A deal with the seller approved and paid into their account, and the buyer booked for delivery, verified and at payment. */
export async function dealAtPayment(api: Api, parts: LocalParts, buyerLogin = 'user_good', options: PaymentOptions = {}) {
  return readyToPay(api, parts.sandbox.url, await dealBetween(api, parts.identity), buyerLogin, options);
}

/** The buyer's loan, the seller's lien, a pickup instead of a delivery, and the seller's bank login (`user_good` unless given). */
type PaymentOptions = { financed?: boolean; lien?: object; pickup?: boolean; sellerLogin?: string };
type Sides = { seller: Who; buyer: Who; sellerTx: string; buyerTx: string };

/** Both sides of `deal` brought to their payment: the seller approved and paid into their account, the buyer booked for delivery and verified. */
export async function readyToPay<D extends Sides>(
  api: Api,
  sandbox: string,
  deal: D,
  buyerLogin = 'user_good',
  options: PaymentOptions = {},
) {
  await sellerApproved(api, sandbox, deal.seller, deal.sellerTx, options.lien);
  const sellerAccount = await sellerPaidInto(api, sandbox, deal.seller, deal.sellerTx, options.sellerLogin);
  return { ...deal, ...(await buyerAtPayment(api, sandbox, deal.buyer, deal.buyerTx, buyerLogin, options)), sellerAccount };
}

/** An approved seller (at their price breakdown) acknowledges it and links the account they are paid into. */
export async function sellerPaidInto(api: Api, sandbox: string, seller: Who, sellerTx: string, sellerLogin = 'user_good') {
  const { act } = stepsFor(api);
  await act(seller, sellerTx, 'price breakdown acknowledge');
  const account = await linkedAccount(api, sandbox, seller, sellerLogin);
  await act(seller, sellerTx, 'bank linked', { accountId: account.id, authorizedCents: 0 });
  return account;
}

/** The buyer of a deal whose seller is approved, booked for delivery (or pickup) and verified, at their payment with a bank linked. */
export async function buyerAtPayment(
  api: Api,
  sandbox: string,
  buyer: Who,
  buyerTx: string,
  buyerLogin = 'user_good',
  options: Omit<PaymentOptions, 'lien' | 'sellerLogin'> = {},
) {
  const { act, detail } = stepsFor(api);
  await buyerAtTransport(api, sandbox, buyer, buyerTx, options.financed);
  const quote = options.pickup ? null : await deliveryBooked(api, buyer, buyerTx);
  if (options.pickup)
    await act(buyer, buyerTx, 'transport booked', {
      kind: 'Pickup',
      day: pickupDays(new Date().toISOString().slice(0, 10))[0],
      time: PICKUP_SLOTS[0],
    });
  // The seller's car is verified already: the buyer's transport completes its verification by itself.
  must(
    (await detail(buyer, buyerTx)).status === 'verification_completed',
    'the buyer’s vehicle verification did not follow the seller’s approval',
  );
  await act(buyer, buyerTx, 'verification done');
  const breakdown = (await act(buyer, buyerTx, 'price breakdown acknowledge')).priceBreakdown;
  const buyerAccount = await linkedAccount(api, sandbox, buyer, buyerLogin);
  return { quote, breakdown, buyerAccount };
}
