/**
 * What transaction tests share: a deal made through the API between a seller and the signed-in
 * buyer, the buyer's ID token for moving their transaction ahead through the API, and the
 * sandbox widget driven inside its frame.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { httpApi, until } from '../support/api-caller';
import { cognitoCall, createConfirmedUser } from '../support/identity-admin';
import { buyerAtPayment, sellerPaidInto } from '../support/payments';
import { readyToSign, signs } from '../support/signing';
import { expect } from './fixtures';
import { poolOf, signedInUser, uniqueEmail } from './identity-helpers';

export async function idTokenOf(request: APIRequestContext, user: { email: string; password: string }): Promise<string> {
  const config = await (await request.get('/config.json')).json();
  const auth = await cognitoCall<{ AuthenticationResult: { IdToken: string } }>(await poolOf(request), 'InitiateAuth', {
    ClientId: config.auth.userPoolClientId,
    AuthFlow: 'USER_PASSWORD_AUTH',
    AuthParameters: { USERNAME: user.email, PASSWORD: user.password },
  });
  return auth.AuthenticationResult.IdToken;
}

/** A signed-in buyer (in `page`) with a $20,000 deal on a 2005 Buick, on their identity step. */
export async function buyerWithDeal(page: Page, request: APIRequestContext) {
  const buyer = await signedInUser(page, request, '/dashboard');
  const seller = await createConfirmedUser(await poolOf(request), uniqueEmail('seller'));
  const sellerToken = await idTokenOf(request, seller);
  const sale = await (
    await request.post('/api/offers', {
      headers: { authorization: `Bearer ${sellerToken}` },
      data: { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 20000, role: 'seller' },
    })
  ).json();
  const token = new URL(sale.shareUrl).searchParams.get('token');
  const accepted = await request.post(`/api/public/offer-links/${token}/actions`, {
    data: { action: 'accept', email: buyer.email, latestOfferId: sale.latestOffer.id },
  });
  expect(accepted.ok()).toBe(true);
  // Answered by link with the buyer's address (not signed in there): the deal is theirs once they claim it on /link-offer.
  await page.goto('/link-offer');
  await expect(page.getByText('Everything made for your e-mail address is in your account: 1 sale in progress.')).toBeVisible();
  await page.goto('/dashboard/active-transactions');
  await page.getByRole('link', { name: 'Continue 2005 Buick' }).click();
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  const transactionId = new URL(page.url()).searchParams.get('transaction')!;
  return { buyer, seller, transactionId, bearer: `Bearer ${await idTokenOf(request, buyer)}` };
}

/** Opens the sandbox verification with `opener`, runs it inside its frame and answers `outcome` (one of the sandbox's buttons). */
export async function verifyInWidget(page: Page, outcome: string, opener = 'Verify my identity') {
  await page.getByRole('button', { name: opener }).click();
  const widget = page.frameLocator('iframe[title="Identity verification"]');
  await widget.getByRole('button', { name: 'Begin verifying' }).click();
  await widget.getByRole('button', { name: /Capture front/ }).click();
  await widget.getByRole('button', { name: /Capture back/ }).click();
  await widget.getByRole('button', { name: /Capture selfie/ }).click();
  await widget.getByRole('button', { name: outcome }).click();
}

/** Moves the buyer's transaction through the API (as another device of theirs would). */
export async function actThroughApi(
  request: APIRequestContext,
  bearer: string,
  transactionId: string,
  event: string,
  payload: object = {},
) {
  const detail = await (await request.get(`/api/transactions/${transactionId}`, { headers: { authorization: bearer } })).json();
  const answer = await request.post(`/api/transactions/${transactionId}/events`, {
    headers: { authorization: bearer },
    data: { event, payload, idempotencyKey: randomUUID(), expectedVersion: detail.version },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()).transaction;
}

/** Fills the home-address form of the identity step. */
export async function fillAddress(page: Page, address: { line1: string; city: string; state: string; postalCode: string }) {
  await page.getByRole('textbox', { name: 'Street address' }).fill(address.line1);
  await page.getByRole('textbox', { name: 'City' }).fill(address.city);
  await page.getByRole('combobox', { name: 'State' }).selectOption(address.state);
  await page.getByRole('textbox', { name: 'ZIP code' }).fill(address.postalCode);
}

/** The buyer's identity verified with the sandbox provider and reported through the API. */
export async function verifiedThroughApi(request: APIRequestContext, bearer: string, transactionId: string) {
  // The identity step's template, as the app opens the widget with it.
  const { host: sandbox, templateId } = (await (await request.get('/config.json')).json()).verificationWidget;
  const inquiry = await (await request.post(`${sandbox}/api/inquiries`, { data: { templateId, referenceId: transactionId } })).json();
  await request.post(`${sandbox}/api/inquiries/${inquiry.id}/decision`, { data: { status: 'approved' } });
  return actThroughApi(request, bearer, transactionId, 'identity submitted', { inquiryId: inquiry.id });
}

/** A buyer with a deal whose identity step is done and whose loan application was approved (through the API): next, they choose a loan. */
export async function buyerApprovedForLoan(page: Page, request: APIRequestContext) {
  const deal = await buyerWithDeal(page, request);
  await identityDoneThroughApi(request, deal.bearer, deal.transactionId);
  await actThroughApi(request, deal.bearer, deal.transactionId, 'finance application submitted', {
    downPaymentDollars: 4000,
    months: 60,
    band: 'good',
    annualIncomeDollars: 90000,
    creditCheckConsent: true,
  });
  return deal;
}

/** The buyer's identity step done through the API (verified, an Oregon address, the details): next is financing. */
export async function identityDoneThroughApi(request: APIRequestContext, bearer: string, transactionId: string) {
  await verifiedThroughApi(request, bearer, transactionId);
  await actThroughApi(request, bearer, transactionId, 'address submitted', {
    line1: '1 Main St',
    city: 'Portland',
    state: 'OR',
    postalCode: '97201',
  });
  return actThroughApi(request, bearer, transactionId, 'identity done', {
    housing: 'own',
    yearsAtAddress: 5,
    employer: 'Acme',
    annualIncomeDollars: 90000,
  });
}

/** A signed-in seller (in `page`) with a $20,000 deal on a 2005 Buick a new buyer accepted, on their identity step. */
export async function sellerWithDeal(page: Page, request: APIRequestContext) {
  const seller = await signedInUser(page, request, '/dashboard');
  const sellerBearer = `Bearer ${await idTokenOf(request, seller)}`;
  const buyer = await createConfirmedUser(await poolOf(request), uniqueEmail('buyer'));
  const sale = await (
    await request.post('/api/offers', {
      headers: { authorization: sellerBearer },
      data: { vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 }, amount: 20000, role: 'seller' },
    })
  ).json();
  const token = new URL(sale.shareUrl).searchParams.get('token');
  const accepted = await request.post(`/api/public/offer-links/${token}/actions`, {
    data: { action: 'accept', email: buyer.email, latestOfferId: sale.latestOffer.id },
  });
  expect(accepted.ok()).toBe(true);
  const transactions = await (await request.get('/api/transactions', { headers: { authorization: sellerBearer } })).json();
  const transactionId = transactions.active[0].id as string;
  await page.goto(`/transaction?transaction=${transactionId}`);
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible();
  return { seller, buyer, transactionId, bearer: sellerBearer };
}

/**
 * After the seller's title is approved (on their payout), the rest before the inspection through
 * the API, as each party would on their screens: the seller links the account they are paid into,
 * the buyer does their steps and pays, both sign with the e-signature service. The seller is then
 * at their inspection.
 */
export async function paidAndSignedThroughApi(
  request: APIRequestContext,
  seller: { bearer: string },
  sellerTx: string,
  buyerLogin: { email: string; password: string },
) {
  const api = httpApi(process.env.E2E_BASE_URL!);
  const sandbox = (await (await request.get('/config.json')).json()).verificationWidget.host as string;
  const buyer = { bearer: `Bearer ${await idTokenOf(request, buyerLogin)}` };
  await api.call('POST', '/api/offers/link-account', buyer.bearer);
  const buyerTx = (await api.call('GET', '/api/transactions', buyer.bearer)).json().active[0].id as string;
  await sellerPaidInto(api, sandbox, seller, sellerTx);
  await readyToSign(api, sandbox, { buyer, buyerTx, ...(await buyerAtPayment(api, sandbox, buyer, buyerTx)) });
  await signs(api, seller, sellerTx);
  await signs(api, buyer, buyerTx);
  const status = async () => (await api.call('GET', `/api/transactions/${sellerTx}`, seller.bearer)).json().status;
  // Made PDFs, the provider's webhook: seconds, more on a busy machine.
  await until(status, 'signature_done', 45_000, 'both signatures');
}

/** A 4×3 grey JPEG that Chromium draws (made by its canvas), so a photo shown back to the user is a real image. */
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAAACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAAAAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAMZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAADAAQDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAP/xAAZEAEAAgMAAAAAAAAAAAAAAAAAAQMUUqH/xAAUAQEAAAAAAAAAAAAAAAAAAAAD/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AjlXb8gAw3//Z',
  'base64',
);

/** A small photo for an upload field, its name after the image's end so each file differs (decoders stop at the end marker). */
export function photo(name: string): { name: string; mimeType: string; buffer: Buffer } {
  return { name, mimeType: 'image/jpeg', buffer: Buffer.concat([TINY_JPEG, Buffer.from(` a photo: ${name}`)]) };
}
