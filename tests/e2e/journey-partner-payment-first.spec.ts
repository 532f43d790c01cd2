/**
 * A partner's deal under payment-first terms, walked from sign-up by its buyer (on a 375 px phone)
 * and seller (1280 px), clicking only what the screens offer: an admin makes the listing site's
 * key on the admin screen, the listing site sends the deal through the partner API (the one call
 * not made by a party), and it reaches both parties' open dashboards at once. The buyer gives the
 * registration address the sales tax needs, pays first and signs; the seller verifies, sends the
 * title, is paid into their account, signs and skips the inspection.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { sharedAdminSignedIn } from './identity-helpers';
import { Journey, ownBrowser, signUp } from './journey-helpers';
import { buyerPays, buyerSigns, sellerLinksPayoutAccount, sellerSignsAndIsLedOn, sellerToPayout } from './journey-steps';
import { centsOf } from './sale-helpers';
import { fillAddress } from './transaction-helpers';

test('partner deal, the buyer pays first: from sign-up to closed by clicking only', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const journey = new Journey(test.info(), 'partner deal, payment first');
  const admin = await ownBrowser(browser, baseURL!, 1280);
  const buyer = await ownBrowser(browser, baseURL!, 375);
  const seller = await ownBrowser(browser, baseURL!, 1280);

  // The admin makes the auction site's key, the buyer paying first.
  await sharedAdminSignedIn(admin, '/dashboard/partner-keys', 'Partner keys');
  await admin.getByRole('button', { name: 'Make key' }).click();
  await admin.getByLabel('Listing site').selectOption({ label: 'The auction site' });
  const label = `Auctions ${randomUUID().slice(0, 6)}`;
  await admin.getByRole('textbox', { name: 'Label' }).fill(label);
  await admin.getByLabel('The buyer pays first, then signs').check();
  await admin.getByRole('button', { name: 'Make key' }).click();
  const key = await admin.getByRole('textbox', { name: 'Partner key' }).inputValue();
  await journey.shot(admin, 'admin', 'partner key');
  await admin.context().close();

  const buyerAccount = await signUp(buyer, request, 'auction-buyer', ['Noor', 'Vance']);
  const sellerAccount = await signUp(seller, request, 'auction-seller', ['Ida', 'Lund']);

  // The auction site sends the deal: it reaches both open dashboards by itself.
  const sent = await request.post('/api/partner/deals', {
    headers: { authorization: `Bearer ${key}` },
    data: {
      idempotencyKey: `journey-${randomUUID()}`,
      partnerUid: 'AU-9001',
      vehicle: { vin: '1G4AH59H45G118341', mileage: 84_000 },
      sellerEmail: sellerAccount.email,
      buyerEmail: buyerAccount.email,
      priceDollars: 18_500,
    },
  });
  expect(sent.status()).toBe(201);
  const buyerTurn = buyer.getByRole('link', { name: 'Go to payment — 2005 Buick' });
  await journey.followsWithin5s('buyer', buyerTurn, 'the deal reaches the buyer');
  await journey.shot(buyer, 'buyer', 'deal arrived');
  const sellerTurn = seller.getByRole('link', { name: 'Verify your identity — 2005 Buick' });
  await journey.followsWithin5s('seller', sellerTurn, 'the deal reaches the seller');
  await journey.shot(seller, 'seller', 'deal arrived');

  let payoutCents = 0;
  let dueCents = 0;
  await Promise.all([
    (async () => {
      await sellerTurn.click();
      payoutCents = await sellerToPayout(seller, journey, { fromDashboard: true });
      await sellerLinksPayoutAccount(seller, journey);
    })(),
    (async () => {
      // The buyer says where the car is registered; its sales tax joins the breakdown.
      await buyerTurn.click();
      await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'Review your price breakdown' }), 'price breakdown');
      await expect(
        buyer.getByText('Listed on the auction site · their reference AU-9001 · the buyer pays first, then signs'),
      ).toBeVisible();
      await expect(buyer.getByRole('button', { name: /^Accept and pay/ })).toHaveCount(0);
      await buyer.getByRole('textbox', { name: 'Legal first name' }).fill('Noor');
      await buyer.getByRole('textbox', { name: 'Legal last name' }).fill('Vance');
      await buyer.getByLabel('Date of birth').fill('1991-06-02');
      await fillAddress(buyer, { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' });
      await journey.shot(buyer, 'buyer', 'registration address');
      await buyer.getByRole('button', { name: 'Save registration address' }).click();
      const tax = buyer.getByRole('row', { name: /^Sales tax, TX \(estimate\)/ });
      await journey.waitsFor('buyer', tax, 'tax from the address');
      expect(centsOf((await tax.getByRole('cell').textContent())!)).toBe(115_625);
      dueCents = await buyerPays(buyer, journey);
    })(),
  ]);
  await journey.followsWithin5s('seller', seller.getByRole('button', { name: 'Review and sign' }), 'the seller can sign');
  await buyerSigns(buyer, journey);
  await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'You signed your documents' }), 'buyer signed');
  await sellerSignsAndIsLedOn(seller, buyer, journey);
  await seller.getByRole('button', { name: 'Skip the inspection' }).click();
  await journey.waitsFor('seller', seller.getByText('You skipped the self-inspection.'), 'inspection skipped');
  await expect(seller.getByRole('region', { name: 'Get connected with your buyer' })).toContainText('Noor Vance');
  await journey.shot(seller, 'seller', 'all done');
  await journey.followsWithin5s('buyer', buyer.getByRole('region', { name: 'Get connected with your seller' }), 'the buyer sees it closed');
  await journey.shot(buyer, 'buyer', 'closed');
  expect(dueCents).toBeGreaterThan(18_500_00 + 115_625);
  expect(payoutCents).toBe(18_500_00);
  journey.report();
});
