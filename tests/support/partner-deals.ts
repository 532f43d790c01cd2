/**
 * A partner's deal whose buyer pays first (issue 22's terms), brought through the real API and
 * sandboxes to the state a test starts from: made with an admin's key through the partner API,
 * both parties signed in and linked to it, the seller approved and paid into their account, the
 * buyer registered, paid, ID-checked, and both signed. No transport is booked: the parties arrange
 * the handover themselves.
 */
import { randomUUID } from 'node:crypto';
import { must, until, type ApiCaller } from './api-caller';
import type { LocalParts } from './local-parts';
import { linkedAccount, sellerApproved, sellerPaidInto, stepsFor } from './payments';
import { govIdChecked, signs } from './signing';
import { personFor } from './tokens';

type Who = { email: string; bearer: string };

/** A payment-first partner deal between two new people: its id, both parties and their transactions. */
export async function partnerDeal(api: ApiCaller, parts: LocalParts, admin: string) {
  const key = (
    await api.call('POST', '/api/admin/partner-keys', admin, { source: 'auction-site', label: 'Auctions', buyerPaysFirst: true })
  ).json();
  const seller: Who = await personFor(parts.identity, 'partner-seller');
  const buyer: Who = await personFor(parts.identity, 'partner-buyer');
  const made = await api.call('POST', '/api/partner/deals', `Bearer ${key.key}`, {
    idempotencyKey: `deal-${randomUUID()}`,
    partnerUid: `AU-${randomUUID().slice(0, 6)}`,
    vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
    sellerEmail: seller.email,
    buyerEmail: buyer.email,
    priceDollars: 18_500,
  });
  must(made.statusCode === 201, `partner deal: ${made.body}`);
  const transactionOf = async (who: Who) => {
    await api.call('GET', '/api/users/profile', who.bearer);
    await api.call('POST', '/api/offers/link-account', who.bearer);
    return (await api.call('GET', '/api/transactions', who.bearer)).json().active[0].id as string;
  };
  return {
    dealId: made.json().dealId as string,
    seller,
    buyer,
    sellerTx: await transactionOf(seller),
    buyerTx: await transactionOf(buyer),
  };
}

/** The partner deal with both parties signed (and the buyer's payment cleared): the handover is next. */
export async function partnerDealSigned(api: ApiCaller, parts: LocalParts, admin: string) {
  const deal = await partnerDeal(api, parts, admin);
  const { act, detail } = stepsFor(api);
  const sandbox = parts.sandbox.url;
  await sellerApproved(api, sandbox, deal.seller, deal.sellerTx);
  await sellerPaidInto(api, sandbox, deal.seller, deal.sellerTx);
  // The buyer says where the car is registered (its sales tax), accepts the breakdown, pays, checks their ID.
  const { uid } = (await api.call('GET', '/api/users/profile', deal.buyer.bearer)).json();
  await api.call('POST', `/api/users/${uid}/profile/${randomUUID()}`, deal.buyer.bearer, {
    legalFirstName: 'Noor',
    legalLastName: 'Vance',
    dateOfBirth: '1991-06-02',
    address: { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' },
  });
  const breakdown = (await act(deal.buyer, deal.buyerTx, 'price breakdown acknowledge')).priceBreakdown;
  const account = await linkedAccount(api, sandbox, deal.buyer);
  await act(deal.buyer, deal.buyerTx, 'bank linked', { accountId: account.id, authorizedCents: breakdown.dueAtSigningCents });
  await act(deal.buyer, deal.buyerTx, 'signature start');
  await govIdChecked(api, sandbox, deal.buyer, deal.buyerTx, 'approved');
  await signs(api, deal.buyer, deal.buyerTx);
  await signs(api, deal.seller, deal.sellerTx);
  await until(async () => (await detail(deal.buyer, deal.buyerTx)).status, 'signature_done', 15_000, 'both signatures collected');
  await until(async () => (await detail(deal.buyer, deal.buyerTx)).handover.canSayReceived, true, 15_000, 'the buyer’s payment clearing');
  return deal;
}
