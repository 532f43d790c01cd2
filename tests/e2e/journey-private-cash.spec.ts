/**
 * A private sale to a cash buyer, walked by two strangers who each start at sign-up in their own
 * browser — the seller at 1280 px, the buyer on a 375 px phone — clicking only what the screens
 * offer, to the car delivered, confirmed and the sale closed. Each move shows on the other party's
 * open screen by itself.
 */
import { expect, test } from './fixtures';
import { confirmsDelivery } from './sale-helpers';
import { closeOwnBrowsers, Journey, ownBrowser, signUp } from './journey-helpers';
import {
  buyerBooksDelivery,
  buyerPays,
  buyerSigns,
  buyerSkipsProtectionAndInsurance,
  buyerToTransport,
  sellerInspects,
  sellerLinksPayoutAccount,
  sellerSeesClosed,
  sellerSignsAndIsLedOn,
  sellerToPayout,
  sellerWaitsForDelivery,
  settledMoney,
} from './journey-steps';

// A person's whole walk, in the app as their browser installs it (its service worker).
test.use({ serviceWorkers: 'allow' });
test.afterEach(closeOwnBrowsers);

test('private sale, cash buyer: from sign-up to closed by clicking only', async ({ browser, request, baseURL }) => {
  test.setTimeout(300_000);
  const journey = new Journey(test.info(), 'private sale, cash buyer');
  const seller = await ownBrowser(browser, baseURL!, 1280);
  const buyer = await ownBrowser(browser, baseURL!, 375);
  const buyerAccount = await signUp(buyer, request, 'cash-buyer', ['Ana', 'Lindqvist']);
  await journey.shot(buyer, 'buyer', 'signed up');
  await signUp(seller, request, 'cash-seller', ['Omar', 'Haddad']);
  await journey.shot(seller, 'seller', 'signed up');

  // The seller prices the car by its VIN and e-mails the offer to the buyer, who has an account already.
  await seller.getByRole('link', { name: 'Start a sale' }).click();
  await seller.getByRole('textbox', { name: /VIN/ }).fill('1G4AH59H45G118341');
  await expect(seller.getByText('2005 Buick')).toBeVisible();
  await seller.getByRole('textbox', { name: 'Mileage' }).fill('84000');
  await seller.getByRole('textbox', { name: 'Asking price' }).fill('18500');
  await seller.getByRole('radio', { name: 'E-mail it to them' }).check();
  await seller.getByRole('textbox', { name: 'Their e-mail' }).fill(buyerAccount.email);
  await journey.shot(seller, 'seller', 'offer to the buyer');
  await seller.getByRole('button', { name: 'Send offer' }).click();
  await journey.waitsFor('seller', seller.getByRole('heading', { name: 'Your offer is out' }), 'offer sent');
  await journey.shot(seller, 'seller', 'offer out');

  // The buyer's open dashboard shows it without a reload.
  await journey.followsWithin5s('buyer', buyer.getByText(/2005 Buick/).first(), 'the offer reaches the buyer');
  await journey.shot(buyer, 'buyer', 'offer arrived');

  // The seller watches their offers; the buyer accepts from their dashboard.
  await seller.getByRole('link', { name: 'Go to your offers' }).click();
  await buyer.getByRole('link', { name: 'Answer' }).click();
  await journey.shot(buyer, 'buyer', 'the offer to answer');
  await buyer.getByRole('button', { name: 'Accept $18,500' }).click();
  await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'You made a deal' }), 'offer accepted');
  await journey.shot(buyer, 'buyer', 'deal made');
  await journey.followsWithin5s('seller', seller.getByText(/you made a deal/i).first(), 'the seller sees the deal');
  await journey.shot(seller, 'seller', 'deal made');
  await seller.getByRole('link', { name: 'Go to your deal' }).click();

  // Both at once: the seller to their payout, the buyer to transport, paying cash.
  let payoutCents = 0;
  await Promise.all([
    (async () => {
      payoutCents = await sellerToPayout(seller, journey);
      await sellerLinksPayoutAccount(seller, journey);
    })(),
    (async () => {
      await buyerToTransport(buyer, journey, { line1: '400 Pine St', city: 'Seattle', state: 'WA', postalCode: '98101' });
      await buyer.getByRole('button', { name: 'I’ll pay cash' }).click();
      await buyerSkipsProtectionAndInsurance(buyer, journey);
    })(),
  ]);
  await journey.shot(buyer, 'buyer', 'transport');

  // The buyer books delivery and pays; the seller's signing page, open all along, offers the documents by itself.
  const deliveryCents = await buyerBooksDelivery(buyer, journey);
  const dueCents = await buyerPays(buyer, journey);
  await journey.followsWithin5s('seller', seller.getByRole('button', { name: 'Review and sign' }), 'the seller can sign');
  await journey.shot(seller, 'seller', 'ready to sign');
  await buyerSigns(buyer, journey);
  await journey.waitsFor('buyer', buyer.getByRole('heading', { name: 'You signed your documents' }), 'buyer signed');
  await journey.shot(buyer, 'buyer', 'signed');
  await sellerSignsAndIsLedOn(seller, buyer, journey);
  await sellerInspects(seller, journey);

  // Both signed: the seller's last screen names the buyer and the contact they shared, for the handover.
  const connection = seller.getByRole('region', { name: 'Get connected with your buyer' });
  await expect(connection).toContainText('Ana Lindqvist');
  await expect(connection.getByRole('link', { name: buyerAccount.email })).toBeVisible();
  await journey.shot(seller, 'seller', 'steps done');
  // Not closed: the car is still to be delivered and checked, and the rest of the seller's payout waits for it.
  await sellerWaitsForDelivery(seller, journey);
  // The buyer's open screen follows: the seller's contact, and the seller's inspection report to read.
  const sellerContact = buyer.getByRole('region', { name: 'Get connected with your seller' });
  await journey.followsWithin5s('buyer', sellerContact, 'the buyer sees the seller’s contact');
  await journey.fitsIn(sellerContact.getByRole('link', { name: /@example\.com$/ }), sellerContact);
  const report = buyer.getByRole('region', { name: 'The seller’s inspection report' });
  await expect(report).toContainText('A dent in the driver door');
  await expect(report.getByRole('img', { name: 'The seller’s photo: Back' })).toBeVisible();
  await journey.shot(buyer, 'buyer', 'everyone signed');

  // The car delivered, the buyer confirms; only then is the sale closed, and each side's money as its screen shows it
  // adds up to what they agreed, to the cent.
  await buyer.getByRole('link', { name: 'Follow the car’s delivery' }).click();
  await confirmsDelivery(buyer);
  await journey.shot(buyer, 'buyer', 'delivery confirmed');
  // The seller's open "steps are done" screen shows the buyer's confirmation by itself, the rest of the payout moving, and the sale closed.
  await sellerSeesClosed(seller, journey);
  const buyerMoney = await settledMoney(buyer, journey, 'buyer', 4);
  const paid = buyerMoney.find((row) => row.label.startsWith('You paid'))!;
  expect(paid.cents).toBe(dueCents);
  expect(buyerMoney.find((row) => row.label === 'Transport')?.cents).toBe(deliveryCents);
  expect(buyerMoney.filter((row) => row !== paid).reduce((sum, row) => sum + row.cents, 0)).toBe(dueCents);
  await seller.getByRole('link', { name: 'Your money and the car’s delivery' }).click();
  const sellerMoney = await settledMoney(seller, journey, 'seller', 2);
  const payouts = sellerMoney.filter((row) => /^Your (first|second) payout/.test(row.label));
  expect(payouts.reduce((sum, row) => sum + row.cents, 0)).toBe(payoutCents);
  journey.report();
});
