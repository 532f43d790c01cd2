/**
 * Transport, bank link and payment in Chromium against the real stack and its sandboxes, each
 * party in their own browser: the steps before (tested in their own specs) are taken through the
 * API. The buyer compares delivery quotes for two real ZIP codes, books one, accepts the price
 * breakdown and pays from an account linked on the bank's hosted page; the seller links the
 * account to be paid into the same way; once both signed (through the API, walked in
 * closing.spec.ts) the vendor delivers the car and each side's money, as the app shows it, adds up
 * to its breakdown to the cent. A payment the bank returns reopens the payment step with why. A
 * seller who cancels after the buyer signed is told the fee, pays it, and the buyer is refunded.
 */
import type { Page } from '@playwright/test';
import { buyerAtTransport, HARBOR_LIEN, sellerApproved, stepsFor } from '../support/payments';
import { bothSign, govIdChecked, signs } from '../support/signing';
import { expect, test } from './fixtures';
import { centsOf, confirmsDelivery, dealAtPayment, dealBetween, linkBankOnHostedPage, moneyOf, twoParties } from './sale-helpers';
import { watchPositions } from './steady-screen';
import { fillAddress } from './transaction-helpers';

/** The amount in the row of a breakdown or payout table whose heading starts with `label`. */
const rowCents = async (page: Page, label: RegExp) =>
  centsOf((await page.getByRole('row', { name: label }).getByRole('cell').textContent())!);

/** Waits until every movement of the party's money is done; the rows then. */
async function settledMoney(page: Page, transactionId: string, rows: number) {
  await page.goto(`/dashboard/active-transactions/track-delivery/${transactionId}`);
  // The page follows the sale by itself every few seconds.
  await expect.poll(async () => (await moneyOf(page)).filter((row) => row.status === 'Done').length, { timeout: 60_000 }).toBe(rows);
  return moneyOf(page);
}

test('delivery priced by distance, the breakdown accepted, both banks linked on the bank’s page; the car delivered and the money matches to the cent', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { buyer, seller, sellerPage } = await twoParties(
    buyerPage,
    { browser, request, baseURL: baseURL! },
    { buyer: ['Rae', 'Okonkwo'], seller: ['Tom', 'Berg'] },
    { width: 375, height: 800 },
  );
  const deal = await dealBetween(request, baseURL!, seller, buyer);
  await sellerApproved(deal.api, deal.sandbox, seller, deal.sellerTx, HARBOR_LIEN);
  await buyerAtTransport(deal.api, deal.sandbox, buyer, deal.buyerTx);

  // The seller checks their payout and links the account it goes to.
  await sellerPage.goto(`/transaction/payment?transaction=${deal.sellerTx}`);
  await expect(sellerPage.getByRole('heading', { name: 'Your payout' })).toBeVisible();
  const payoutCents = await rowCents(sellerPage, /^You'll be paid/);
  const payoffCents = -(await rowCents(sellerPage, /^Loan payoff to Harbor Credit Union/));
  const sellerFeeCents = -(await rowCents(sellerPage, /^Caramel seller fee/));
  expect(payoffCents).toBe(HARBOR_LIEN.payoff.amountCents);
  await sellerPage.getByRole('button', { name: 'This looks right' }).click();
  await expect(sellerPage.getByRole('heading', { name: 'Where should we pay you?' })).toBeVisible();
  await linkBankOnHostedPage(sellerPage, 'user_good');
  // The account just linked, their only one, is chosen for them.
  await expect(sellerPage.getByRole('radio', { name: /First Platypus Bank.*6789/ })).toBeChecked();
  await sellerPage.getByRole('button', { name: 'Use this account' }).click();
  // Saved, the seller goes on to signing, told the documents wait for the buyer's payment.
  await expect(sellerPage.getByRole('heading', { name: 'Payout account saved' })).toBeVisible();
  await sellerPage.getByRole('link', { name: 'Next: sign your documents' }).click();
  await expect(sellerPage.getByText('Your documents are made once the buyer has finished their payment step')).toBeVisible();

  // The buyer asks for delivery quotes to a far ZIP, then to their own: nearer is cheaper, from both vendors.
  await buyerPage.goto(`/transaction/transport?transaction=${deal.buyerTx}`);
  await buyerPage.getByRole('radio', { name: /^Delivery to my door/ }).check();
  const heading = buyerPage.getByRole('heading', { name: /quotes for [\d,]+ miles from Portland, OR/ });
  const quotesFor = async (address: { line1: string; city: string; state: string; postalCode: string }, ask: string, before?: string) => {
    await fillAddress(buyerPage, address);
    await buyerPage.getByRole('button', { name: ask }).click();
    // Asked again, the answer replaces the one before: wait for it, not the old heading.
    if (before) await expect(heading).not.toHaveText(before);
    await expect(heading).toContainText(/^4 quotes/);
    await expect(buyerPage.getByRole('listitem', { name: 'Acertus, open carrier' })).toBeVisible();
    const text = (await heading.textContent())!;
    const miles = Number(text.match(/for ([\d,]+) miles/)![1]!.replace(/,/g, ''));
    const runBuggy = centsOf((await buyerPage.getByRole('button', { name: /^Book RunBuggy, open carrier for/ }).textContent())!);
    return { text, miles, runBuggy };
  };
  const far = await quotesFor({ line1: '1 Beacon St', city: 'Boston', state: 'MA', postalCode: '02108' }, 'Get delivery quotes');
  const near = await quotesFor({ line1: '400 Pine St', city: 'Seattle', state: 'WA', postalCode: '98101' }, 'Get new quotes', far.text);
  expect(near.miles).toBeLessThan(far.miles);
  expect(near.runBuggy).toBeLessThan(far.runBuggy);
  const positions = await watchPositions(buyerPage, 'main button');
  await buyerPage.getByRole('button', { name: /^Book RunBuggy, open carrier for/ }).click();
  await expect(buyerPage.getByText('The seller’s car is verified')).toBeVisible();
  // The carrier assigns a driver by webhook a moment after the booking, and the screen follows. "Continue to payment"
  // stayed where it was drawn: the shipment's progress drawn above it once had moved it away from a tap.
  await expect(buyerPage.getByText(/· driver /)).toBeVisible();
  expect((await positions())['Continue to payment']).toHaveLength(1);
  await buyerPage.getByRole('button', { name: 'Continue to payment' }).click();

  // The breakdown, then the account to pay from, linked on the bank's page.
  await expect(buyerPage.getByRole('heading', { name: 'Review your price breakdown' })).toBeVisible();
  expect(await rowCents(buyerPage, /^Delivery by RunBuggy/)).toBe(near.runBuggy);
  const dueCents = await rowCents(buyerPage, /^Due at signing/);
  await buyerPage.getByRole('button', { name: /^Accept and pay/ }).click();
  await expect(buyerPage.getByRole('heading', { name: /^Pay \$/ })).toBeVisible();
  await linkBankOnHostedPage(buyerPage, 'user_good');
  await buyerPage.getByRole('radio', { name: /First Platypus Bank.*6789/ }).check();
  await buyerPage.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
  await buyerPage.getByRole('button', { name: /^Authorise \$/ }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Payment authorised' })).toBeVisible();
  // The screen shows it as soon as it is queued; the signing below goes through the API, so it waits for the server to have it.
  const buyerStatus = async () => (await deal.api.call('GET', `/api/transactions/${deal.buyerTx}`, deal.buyer.bearer)).json().status;
  await expect.poll(buyerStatus, { timeout: 20_000 }).toBe('payment_done');

  await bothSign(deal.api, deal.sandbox, deal);

  // The vendor delivers the car; every movement of the buyer's money is done and adds up to what they paid.
  await confirmsDelivery(buyerPage, deal.buyerTx);
  const buyerMoney = await settledMoney(buyerPage, deal.buyerTx, 7);
  await expect(buyerPage.getByRole('list', { name: 'Delivery progress' }).getByRole('listitem').last()).toHaveClass(/is-done/);
  const paid = buyerMoney.find((row) => row.label.startsWith('You paid'))!;
  expect(paid).toEqual({ label: 'You paid, First Platypus Bank ••6789', cents: dueCents, status: 'Done' });
  const outOf = (rows: typeof buyerMoney, label: string) => rows.find((row) => row.label === label)?.cents;
  expect(outOf(buyerMoney, 'Paid to the seller’s lender')).toBe(payoffCents);
  expect(outOf(buyerMoney, 'Transport')).toBe(near.runBuggy);
  expect(buyerMoney.filter((row) => row !== paid).reduce((sum, row) => sum + row.cents, 0)).toBe(dueCents);
  await expect(buyerPage.getByText(/Caramel holds \$0:/)).toBeVisible();

  // The seller sees the lender paid off, their payout in two parts adding up to their breakdown, and the fees.
  const sellerMoney = await settledMoney(sellerPage, deal.sellerTx, 4);
  expect(sellerMoney.map((row) => row.label)).toEqual(
    expect.arrayContaining([
      'Loan payoff to your lender',
      'Your first payout (title received)',
      'Your second payout (on delivery)',
      'Caramel seller fee',
    ]),
  );
  expect(outOf(sellerMoney, 'Loan payoff to your lender')).toBe(payoffCents);
  expect(outOf(sellerMoney, 'Your first payout (title received)')! + outOf(sellerMoney, 'Your second payout (on delivery)')!).toBe(
    payoutCents,
  );
  // The seller reads their own fee only: the buyer's goes to Caramel with it, but it is not the seller's money.
  expect(outOf(sellerMoney, 'Caramel seller fee')).toBe(sellerFeeCents);
  await sellerPage.context().close();
});

test('a payment the bank returns reopens the payment step with the bank’s reason, and another account pays', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { buyer, seller } = await twoParties(
    page,
    { browser, request, baseURL: baseURL! },
    { buyer: ['Noor', 'Vance'], seller: ['Ida', 'Lund'] },
    null,
  );
  const deal = await dealAtPayment(request, baseURL!, seller, buyer, { financed: false }, 'user_nsf');

  await page.goto(`/transaction/payment?transaction=${deal.buyerTx}`);
  await page.getByRole('radio', { name: /First Platypus Bank.*1357/ }).check();
  await page.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
  await page.getByRole('button', { name: /^Authorise \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment authorised' })).toBeVisible();
  // The bank answers a few seconds later; the payment step opens again, saying why.
  await page.goto(`/transaction/payment?transaction=${deal.buyerTx}`);
  const returned = page.getByRole('alert').filter({ hasText: 'Your bank returned the payment' });
  await expect(async () => {
    await page.reload();
    await expect(returned).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(returned).toContainText('Insufficient funds (R01). Nothing was taken.');

  await linkBankOnHostedPage(page, 'user_good', 'Link another account');
  await page.getByRole('radio', { name: /First Platypus Bank.*6789/ }).check();
  await page.getByRole('checkbox', { name: /I authorise Caramel to take/ }).check();
  await page.getByRole('button', { name: /^Authorise \$/ }).click();
  await expect(page.getByRole('heading', { name: 'Payment authorised' })).toBeVisible();
});

test('a payout the seller’s bank returns is held with the reason until the seller chooses another account; then it is paid there', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The seller on a phone.
  const {
    buyer,
    seller,
    sellerPage: page,
  } = await twoParties(
    buyerPage,
    { browser, request, baseURL: baseURL! },
    { buyer: ['Lea', 'Moreau'], seller: ['Sam', 'Okafor'] },
    { width: 375, height: 800 },
  );
  const deal = await dealAtPayment(request, baseURL!, seller, buyer, { financed: false, sellerLogin: 'user_closed' });
  await stepsFor(deal.api).act(buyer, deal.buyerTx, 'bank linked', {
    accountId: deal.buyerAccount.id,
    authorizedCents: deal.breakdown.dueAtSigningCents,
  });
  await bothSign(deal.api, deal.sandbox, deal);
  await confirmsDelivery(buyerPage, deal.buyerTx, { secondHalfMoves: false });

  // The title is received and the car delivered by the sandboxes, the buyer confirms; the payout reaches a closed account and comes back.
  await page.goto(`/dashboard/active-transactions/track-delivery/${deal.sellerTx}`);
  const returned = page.getByRole('alert').filter({ hasText: 'Your bank returned your payout' });
  await expect(returned).toBeVisible({ timeout: 60_000 });
  // The second half is held too: sent with the first, it came back; released after the first came back, it is not sent there at all.
  await expect(async () => {
    expect((await moneyOf(page)).filter((row) => /^Your (first|second) payout/.test(row.label)).map((row) => row.status)).toEqual([
      'Returned',
      expect.stringMatching(/^(Returned|To come)$/),
    ]);
  }).toPass({ timeout: 30_000 });
  await expect(returned).toContainText('Account closed.');

  await page.getByRole('button', { name: 'Send my payout here' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose the account to be paid into.' })).toBeVisible();
  await linkBankOnHostedPage(page, 'user_good', 'Link another account');
  await page.getByRole('radio', { name: /First Platypus Bank.*6789/ }).check();
  await page.getByRole('button', { name: 'Send my payout here' }).click();
  await expect(returned).toBeHidden({ timeout: 20_000 });
  await expect(page.getByText(/Caramel holds \$0:/)).toBeVisible({ timeout: 30_000 });
  await page.context().close();
});

test('after the buyer signed, the seller cancels from the dashboard: told the $250 fee first, charged it; the buyer is refunded in full', async ({
  page: buyerPage,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { buyer, seller, sellerPage } = await twoParties(
    buyerPage,
    { browser, request, baseURL: baseURL! },
    { buyer: ['Eli', 'Marsh'], seller: ['Uma', 'Reyes'] },
    { width: 1280, height: 900 },
  );
  const deal = await dealAtPayment(request, baseURL!, seller, buyer, { financed: false });
  const { act, detail } = stepsFor(deal.api);
  const due = deal.breakdown.dueAtSigningCents as number;
  await act(buyer, deal.buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: due });
  await expect.poll(async () => (await detail(buyer, deal.buyerTx)).money.totals.held, { timeout: 20_000 }).toBe(due);
  await act(buyer, deal.buyerTx, 'signature start');
  await act(buyer, deal.buyerTx, 'signing started');
  await govIdChecked(deal.api, deal.sandbox, buyer, deal.buyerTx, 'approved');
  await signs(deal.api, buyer, deal.buyerTx);

  await sellerPage.goto(`/dashboard/active-transactions/track-delivery/${deal.sellerTx}`);
  await sellerPage.getByRole('button', { name: 'Cancel this sale' }).click();
  const confirm = sellerPage.getByRole('dialog', { name: 'Cancel the sale of the 2005 Buick?' });
  await expect(confirm).toContainText('The buyer has already signed, so cancelling costs you $250, taken from your bank account.');
  await confirm.getByLabel(/Why are you cancelling/).fill('The car failed its smog check');
  await confirm.getByRole('button', { name: 'Cancel and pay $250' }).click();
  await expect(sellerPage.getByText('This sale was cancelled.')).toBeVisible();
  await expect
    .poll(async () => (await moneyOf(sellerPage)).find((row) => row.label === 'Cancellation fee'), { timeout: 30_000 })
    .toEqual({
      label: 'Cancellation fee',
      cents: 25_000,
      status: 'Done',
    });

  const buyerMoney = await settledMoney(buyerPage, deal.buyerTx, 2);
  await expect(buyerPage.getByText('This sale was cancelled.')).toBeVisible();
  expect(buyerMoney.find((row) => row.label === 'Refunded to you')).toEqual({ label: 'Refunded to you', cents: due, status: 'Done' });
  await expect(buyerPage.getByText(/Caramel holds \$0:/)).toBeVisible();
  await sellerPage.context().close();
});
