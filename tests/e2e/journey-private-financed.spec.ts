/**
 * A private sale to a buyer who takes a loan, with a loan on the seller's car, walked by two
 * strangers from sign-up, clicking only what the screens offer — the seller on a 375 px phone,
 * the buyer at 1280 px: the buyer insures the car and collects it; the seller's lender is paid
 * off, the seller skips the inspection, and the buyer says they have the car.
 */
import { expect, test } from './fixtures';
import { confirmsDelivery } from './sale-helpers';
import { closeOwnBrowsers, Journey, ownBrowser, signUp } from './journey-helpers';
import {
  buyerBooksPickup,
  buyerFinances,
  buyerInsures,
  buyerPays,
  buyerSigns,
  buyerToTransport,
  sellerLinksPayoutAccount,
  sellerSeesClosed,
  sellerSignsAndIsLedOn,
  sellerWaitsForDelivery,
  sellerToPayout,
  settledMoney,
} from './journey-steps';

// A person's whole walk, in the app as their browser installs it (its service worker).
test.use({ serviceWorkers: 'allow' });
test.afterEach(closeOwnBrowsers);

test('private sale, financed buyer, a loan on the car, pickup: from sign-up to closed by clicking only', async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const journey = new Journey(test.info(), 'private sale, financed buyer');
  const seller = await ownBrowser(browser, baseURL!, 375);
  const buyer = await ownBrowser(browser, baseURL!, 1280);
  await signUp(seller, request, 'loan-seller', ['Sam', 'Okafor']);
  await journey.shot(seller, 'seller', 'signed up');

  // The seller prices the car and e-mails the offer to someone with no account yet.
  await seller.getByRole('link', { name: 'Start a sale' }).click();
  await seller.getByRole('textbox', { name: /VIN/ }).fill('1G4AH59H45G118341');
  await seller.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await seller.getByRole('textbox', { name: 'Asking price' }).fill('20000');
  await seller.getByRole('radio', { name: 'E-mail it to them' }).check();
  const buyerEmail = `loan-buyer-${Date.now()}@example.com`;
  await seller.getByRole('textbox', { name: 'Their e-mail' }).fill(buyerEmail);
  await seller.getByRole('button', { name: 'Send offer' }).click();
  await journey.waitsFor('seller', seller.getByRole('heading', { name: 'Your offer is out' }), 'offer sent');
  await seller.getByRole('link', { name: 'Go to your offers' }).click();

  // The buyer signs up with that address: the offer is theirs once it is verified, no link to open.
  await signUp(buyer, request, 'loan-buyer', ['Bea', 'Quinterro'], buyerEmail);
  await buyer.getByRole('link', { name: 'Answer' }).click();
  await buyer.getByRole('button', { name: 'Accept $20,000' }).click();
  await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'You made a deal' }), 'offer accepted');
  await journey.followsWithin5s('seller', seller.getByText(/you made a deal/i).first(), 'the seller sees the deal');
  await journey.shot(seller, 'seller', 'deal made');
  await seller.getByRole('link', { name: 'Go to your deal' }).click();

  let payoutCents = 0;
  await Promise.all([
    (async () => {
      payoutCents = await sellerToPayout(seller, journey, { lien: true });
      await sellerLinksPayoutAccount(seller, journey);
    })(),
    (async () => {
      await buyerToTransport(buyer, journey, { line1: '1 Main St', city: 'Portland', state: 'OR', postalCode: '97205' });
      await buyerFinances(buyer, journey);
      await buyerInsures(buyer, journey);
    })(),
  ]);
  await buyerBooksPickup(buyer, journey);
  const dueCents = await buyerPays(buyer, journey);
  await journey.followsWithin5s('seller', seller.getByRole('button', { name: 'Review and sign' }), 'the seller can sign');
  await buyerSigns(buyer, journey);
  await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'You signed your documents' }), 'buyer signed');
  await sellerSignsAndIsLedOn(seller, buyer, journey);
  await expect(buyer.getByRole('list', { name: 'Your sale documents' }).getByText(/Retail installment contract/)).toBeVisible();

  // The seller skips the inspection: each side reads the other's name and contact, for the pickup.
  await seller.getByRole('button', { name: 'Skip the inspection' }).click();
  await journey.waitsFor('seller', seller.getByText('You skipped the self-inspection.'), 'inspection skipped');
  const buyerContact = seller.getByRole('region', { name: 'Get connected with your buyer' });
  await expect(buyerContact).toContainText('Bea Quinterro');
  await journey.fitsIn(buyerContact.getByRole('link', { name: buyerEmail }), buyerContact);
  await journey.shot(seller, 'seller', 'steps done');
  // Not closed: the buyer is still to collect the car, and the rest of the seller's payout waits for it.
  await sellerWaitsForDelivery(seller, journey);
  await journey.followsWithin5s(
    'buyer',
    buyer.getByRole('region', { name: 'Get connected with your seller' }),
    'the buyer sees the seller’s contact',
  );
  await journey.shot(buyer, 'buyer', 'everyone signed');

  // The pickup: the buyer says they have the car and confirms it; the seller's second payout follows, and the sale closes.
  await buyer.getByRole('link', { name: 'See the pickup: where and when' }).click();
  await buyer.getByRole('button', { name: 'I have the car' }).click();
  await confirmsDelivery(buyer);
  await sellerSeesClosed(seller, journey);
  const buyerMoney = await settledMoney(buyer, journey, 'buyer', 3);
  const paid = buyerMoney.find((row) => row.label.startsWith('You paid'))!;
  expect(paid.cents).toBe(dueCents);
  await seller.getByRole('link', { name: 'Your money and the pickup' }).click();
  const sellerMoney = await settledMoney(seller, journey, 'seller', 3);
  const payouts = sellerMoney.filter((row) => /^Your (first|second) payout/.test(row.label));
  expect(payouts.reduce((sum, row) => sum + row.cents, 0)).toBe(payoutCents);
  expect(sellerMoney.find((row) => row.label === 'Loan payoff to your lender')?.status).toBe('Done');
  journey.report();
});
