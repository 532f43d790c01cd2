/**
 * A partner's deal under payment-first terms, walked from sign-up by its buyer (on a 375 px phone)
 * and seller (1280 px), clicking only what the screens offer: an admin makes the listing site's
 * key on the admin screen, the listing site sends the deal through the partner API (the one call
 * not made by a party), and it reaches both parties' open dashboards at once. The buyer gives the
 * registration address the sales tax needs, pays first and signs; the seller verifies, sends the
 * title, is paid into their account, signs and skips the inspection. No transport is booked in
 * this flow, so the seller proposes the handover and the buyer agrees; the buyer says they have
 * the car and confirms it, and only then does the seller's second payout move and the sale close.
 * Each move shows on the other party's open screen by itself.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { sharedAdminSignedIn } from './identity-helpers';
import { closeOwnBrowsers, Journey, ownBrowser, signUp } from './journey-helpers';
import {
  buyerPays,
  buyerSigns,
  sellerLinksPayoutAccount,
  sellerSignsAndIsLedOn,
  sellerToPayout,
  sellerWaitsForDelivery,
  settledMoney,
} from './journey-steps';
import { centsOf, confirmsDelivery, secondPayout } from './sale-helpers';
import { fillAddress } from './transaction-helpers';

// A person's whole walk, in the app as their browser installs it (its service worker).
test.use({ serviceWorkers: 'allow' });
test.afterEach(closeOwnBrowsers);

test('partner deal, the buyer pays first: from the partner’s call to the seller’s last payout by clicking only', async ({
  browser,
  request,
  baseURL,
}) => {
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
  await journey.followsWithin5s(
    'buyer',
    buyer.getByRole('region', { name: 'Get connected with your seller' }),
    'the buyer sees the seller’s contact',
  );
  await journey.shot(buyer, 'buyer', 'everyone signed');

  // No transport was booked in this flow: the sale waits for the handover, which the parties arrange here.
  await sellerWaitsForDelivery(seller, journey);
  await seller.getByRole('link', { name: 'Arrange the handover' }).click();
  const proposal = seller.getByRole('form', { name: 'Propose the handover' });
  await proposal.getByRole('radio', { name: 'The buyer collects the car' }).check();
  await expect(proposal.getByRole('textbox', { name: 'Street address' })).toHaveValue('12 Elm St');
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await proposal.getByLabel('Day', { exact: true }).fill(day);
  await proposal.getByLabel('Time', { exact: true }).fill('14:30');
  await journey.shot(seller, 'seller', 'handover proposed');
  await proposal.getByRole('button', { name: 'Propose this handover' }).click();
  await expect(seller.getByText('You proposed it: waiting for the buyer to agree')).toBeVisible();

  // The buyer's open "Everyone has signed" screen asks them to answer it; they agree, and the seller's open page follows.
  const answer = buyer.getByRole('link', { name: 'Answer the proposal' });
  await journey.followsWithin5s('buyer', answer, 'the buyer is asked to agree to the handover');
  await expect(
    buyer.getByText(/Agree to the handover the seller proposed, a pickup at 12 Elm St, Portland, OR 97201 on .* at 2:30 PM/),
  ).toBeVisible();
  await answer.click();
  await buyer.getByRole('button', { name: 'Agree to this handover' }).click();
  await expect(buyer.getByText(/^Agreed by both of you/)).toBeVisible();
  await journey.shot(buyer, 'buyer', 'handover agreed');
  await journey.followsWithin5s('seller', seller.getByText(/^Agreed by both of you/), 'the seller sees the handover agreed');
  await expect(secondPayout(seller)).toContainText('To come');

  // At the handover the buyer says they have the car: the 48 hours to check it start, on both open screens.
  await buyer.getByRole('button', { name: 'I have the car' }).click();
  await journey.followsWithin5s(
    'seller',
    seller.getByText(/^Releases in 47 h \d+ min unless the buyer raises a problem\.$/),
    'the seller sees the buyer’s time to check the car',
  );
  await expect(seller.getByText(/ · Delivered · the buyer checks the car until /)).toBeVisible();
  await expect(secondPayout(seller)).toContainText('To come');
  await journey.shot(seller, 'seller', 'the buyer checks the car');

  // The buyer confirms: the seller's second payout moves then, and the sale is closed for both.
  await confirmsDelivery(buyer);
  await journey.shot(buyer, 'buyer', 'delivery confirmed');
  await journey.followsWithin5s('seller', seller.getByText(/ · Closed [A-Z][a-z]{2} \d{1,2}$/), 'the seller sees the sale closed');
  await expect(seller.getByText('The buyer confirmed the car is as described')).toBeVisible();
  await expect(secondPayout(seller)).not.toContainText('To come');
  await journey.shot(seller, 'seller', 'closed');
  await expect(buyer.getByText(/ · Closed [A-Z][a-z]{2} \d{1,2}$/)).toBeVisible();
  const sellerMoney = await settledMoney(seller, journey, 'seller', 2);
  const payouts = sellerMoney.filter((row) => /^Your (first|second) payout/.test(row.label));
  expect(payouts).toHaveLength(2);
  expect(payouts.reduce((sum, row) => sum + row.cents, 0)).toBe(payoutCents);
  expect(dueCents).toBeGreaterThan(18_500_00 + 115_625);
  expect(payoutCents).toBe(18_500_00);
  journey.report();
});
