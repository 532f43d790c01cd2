/**
 * Server-test helpers for signing: a party opens a signing session through the API and finishes it
 * on the sandbox e-signature page (as its form posts), then tells the API they signed.
 */
import { must, type ApiCaller } from './api-caller';
import { actAs, GOVERNMENT_ID_TEMPLATE, verifiedInquiry } from './deals';
import { stepsFor } from './payments';

type Api = ApiCaller;
type Who = { bearer: string };

/** Opens the caller's signing session; the one-time URL the provider answered. */
export async function signingUrl(api: Api, who: Who, transactionId: string, shareContact = true) {
  const answer = await api.call('POST', `/api/transactions/${transactionId}/signing-session`, who.bearer, { consent: true, shareContact });
  must(answer.statusCode === 200, answer.body);
  return answer.json().url as string;
}

/** Ends a signing session on the sandbox page the way its buttons do; where the provider sends the signer back. */
export async function finishSigning(
  url: string,
  event: 'signing_complete' | 'decline' | 'cancel' | 'ttl_expired',
  signature = 'Pat Signer',
) {
  const finished = await fetch(`${url}/finish`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ event, signature, initials: 'PS' }).toString(),
    redirect: 'manual',
  });
  must(finished.status === 303, `the signing page answered ${finished.status}`);
  return new URL(finished.headers.get('location')!);
}

/** Signs through the provider and records it: the party's transaction afterwards. */
export async function signs(api: Api, who: Who, transactionId: string, shareContact = true) {
  const back = await finishSigning(await signingUrl(api, who, transactionId, shareContact), 'signing_complete');
  must(back.searchParams.get('event') === 'signing_complete', `signing ended with ${back.searchParams.get('event')}`);
  const state = (await api.call('GET', `/api/transactions/${transactionId}/signing`, who.bearer)).json();
  const answer = await actAs(api, who, transactionId, 'documents signed', { envelopeId: state.envelopeId });
  must(answer.statusCode === 200, answer.body);
  return answer.json().transaction;
}

/** The buyer's government-ID check before signing, answered by the sandbox as `status` (after a person's review when `review`). */
export async function govIdChecked(
  api: Api,
  sandboxUrl: string,
  who: Who,
  transactionId: string,
  status: 'approved' | 'declined',
  review?: 'manual',
) {
  const answer = await actAs(api, who, transactionId, 'gov id started', {
    inquiryId: await verifiedInquiry(sandboxUrl, transactionId, status, review, GOVERNMENT_ID_TEMPLATE),
  });
  must(answer.statusCode === 200, answer.body);
  return answer.json().transaction;
}

/** The buyer opens signing and passes the government-ID check. */
async function buyerOpensSigning(api: Api, sandboxUrl: string, buyer: Who, buyerTx: string) {
  const { act } = stepsFor(api);
  await act(buyer, buyerTx, 'signature start');
  await act(buyer, buyerTx, 'signing started');
  await govIdChecked(api, sandboxUrl, buyer, buyerTx, 'approved');
}

/** A deal at payment (as readyToPay answers it) paid by the buyer, whose government ID then passed: both may sign. */
export async function readyToSign<
  D extends { buyer: Who; buyerTx: string; buyerAccount: { id: string }; breakdown: { dueAtSigningCents: number } },
>(api: Api, sandboxUrl: string, deal: D): Promise<D> {
  await stepsFor(api).act(deal.buyer, deal.buyerTx, 'bank linked', {
    accountId: deal.buyerAccount.id,
    authorizedCents: deal.breakdown.dueAtSigningCents,
  });
  await buyerOpensSigning(api, sandboxUrl, deal.buyer, deal.buyerTx);
  return deal;
}

/** Both sides of a paid deal sign through the e-signature sandbox, the buyer after an approved government-ID check. */
export async function bothSign(api: Api, sandboxUrl: string, deal: { buyer: Who; seller: Who; buyerTx: string; sellerTx: string }) {
  await buyerOpensSigning(api, sandboxUrl, deal.buyer, deal.buyerTx);
  await signs(api, deal.seller, deal.sellerTx);
  await signs(api, deal.buyer, deal.buyerTx);
}
