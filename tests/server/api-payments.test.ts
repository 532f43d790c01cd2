/**
 * Transport, payment and the money ledger through the API, against real PGlite (or PostgreSQL),
 * storage and the provider sandboxes answering by signed webhook: a sale from transport to the
 * car handed over, its money collected, held and released by rule to the cent; a payment the
 * bank returns; a cancellation after signing; webhooks that must change nothing.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { balancesOf, isBalanced, moneyTotals } from '../../src/domain/ledger-rules';
import { formatCents } from '../../src/domain/pricing';
import { notifications } from '../../server/db/schema';
import { signWebhook } from '../../server/providers/webhooks';
import { listeningApi, type apiFor } from '../support/api-harness';
import { actAs } from '../support/deals';
import { dealAtPayment, HARBOR_LIEN, ledgerOf, linkedAccount, stepsFor } from '../support/payments';
import { bothSign as signedByBoth, govIdChecked, signs } from '../support/signing';

const parts = inject('parts');
// Each test walks a sale through the sandboxes and their webhooks: tens of seconds on a busy machine.
vi.setConfig({ testTimeout: 120_000 });
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await listeningApi(parts);
});
afterAll(() => api.close());

const sandbox = () => parts.sandbox.url;
/** A whole sale waits on several webhooks in turn (polls of up to 25 s each): more than the default 30 s on a busy machine. */
const WHOLE_SALE = { timeout: 120_000 };

const dealReadyToPay = (buyerLogin = 'user_good', options: { financed?: boolean; lien?: object; sellerLogin?: string } = {}) =>
  dealAtPayment(api, parts, buyerLogin, options);

const bothSign = (deal: Awaited<ReturnType<typeof dealReadyToPay>>) => signedByBoth(api, sandbox(), deal);

describe('a cash sale with delivery', WHOLE_SALE, () => {
  it('collects what the buyer saw, holds it, and releases it by rule: half the payout with the title, the rest with the car', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay();
    const { buyer, seller, buyerTx, sellerTx, breakdown } = deal;
    expect(breakdown.lines.find((line: { id: string }) => line.id === 'transport').cents).toBe(deal.quote.priceCents);

    // A stale amount is refused: nobody is charged a figure they did not see.
    const stale = await api.call('POST', `/api/transactions/${buyerTx}/events`, buyer.bearer, {
      event: 'bank linked',
      payload: { accountId: deal.buyerAccount.id, authorizedCents: breakdown.dueAtSigningCents - 1 },
      idempotencyKey: randomUUID(),
      expectedVersion: (await detail(buyer, buyerTx)).version,
    });
    expect(stale.statusCode).toBe(409);
    await act(buyer, buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: breakdown.dueAtSigningCents });
    await expect
      .poll(
        async () => (await detail(buyer, buyerTx)).money.items.find((item: { label: string }) => item.label.startsWith('You paid'))?.state,
        {
          timeout: 10_000,
        },
      )
      .toBe('settled');
    expect((await detail(buyer, buyerTx)).money.totals).toEqual({
      collected: breakdown.dueAtSigningCents,
      held: breakdown.dueAtSigningCents,
      released: 0,
      refunded: 0,
    });

    await bothSign(deal);
    // Funded: the title desk receives the title (first half), the vendor delivers the car (the rest).
    await expect.poll(async () => (await detail(buyer, buyerTx)).shipment.status, { timeout: 20_000 }).toBe('delivered');
    await expect.poll(async () => (await detail(seller, sellerTx)).money.totals.held, { timeout: 20_000 }).toBe(0);
    const sellerView = await detail(seller, sellerTx);
    const payouts = sellerView.money.items.filter((item: { label: string }) => item.label.startsWith('Your'));
    // In the order they happened: the vendor may deliver before the title desk has the title.
    expect(payouts.map((item: { label: string }) => item.label).sort()).toEqual([
      'Your first payout (title received)',
      'Your second payout (on delivery)',
    ]);
    expect(payouts.reduce((sum: number, item: { cents: number }) => sum + item.cents, 0)).toBe(sellerView.payout.payoutCents);
    await expect
      .poll(async () => (await detail(seller, sellerTx)).money.items.filter((item: { state: string }) => item.state === 'pending').length, {
        timeout: 10_000,
      })
      .toBe(0);

    const { journals, transfers } = await ledgerOf(api, deal.buyerList.active[0].dealId);
    expect(journals.every(isBalanced)).toBe(true);
    const balances = balancesOf(journals);
    expect(balances.buyer).toBe(-breakdown.dueAtSigningCents);
    expect(balances['seller payout']).toBe(2_000_000);
    expect(balances['transport vendor']).toBe(deal.quote.priceCents);
    expect(balances.revenue).toBe(breakdown.lines.find((line: { id: string }) => line.id === 'platform fee').cents);
    expect(moneyTotals(journals)).toMatchObject({ held: 0, released: breakdown.dueAtSigningCents, refunded: 0 });
    expect(transfers.filter((transfer) => transfer.purpose === 'seller payout')).toHaveLength(2);
    // The seller is told of each part as it is released, once, with the way to follow it.
    const told = (await api.call('GET', '/api/notifications', seller.bearer)).json().notifications;
    const released = told.filter((notification: { kind: string }) => notification.kind === 'payment released');
    expect(released.map((notification: { body: string }) => notification.body)).toEqual(
      payouts
        .map((item: { cents: number }) => `${formatCents(item.cents)} of your payout is released and on its way to your bank account.`)
        .reverse(),
    );
    expect(released[0].link).toBe(`/dashboard/active-transactions/track-delivery/${sellerTx}`);
    // Nothing is left to cancel once the car is handed over.
    expect((await detail(seller, sellerTx)).canCancel.allowed).toBe(false);
  });
});

describe('a financed sale with a lien on the car', WHOLE_SALE, () => {
  it('funds the loan once both have signed, pays the lender off first, then the seller in two parts', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay('user_good', { financed: true, lien: HARBOR_LIEN });
    const due = deal.breakdown.dueAtSigningCents;
    expect(due).toBe(deal.breakdown.totalCents - deal.breakdown.financing.amountFinancedCents);
    await act(deal.buyer, deal.buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: due });
    await bothSign(deal);
    await expect.poll(async () => (await detail(deal.seller, deal.sellerTx)).money.totals.held, { timeout: 25_000 }).toBe(0);
    await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).shipment.status, { timeout: 20_000 }).toBe('delivered');
    // The second part of the payout follows the delivery: wait until no payment is pending.
    await expect
      .poll(
        async () =>
          (await detail(deal.seller, deal.sellerTx)).money.items.filter((item: { state: string }) => item.state === 'pending').length,
        {
          timeout: 10_000,
        },
      )
      .toBe(0);
    const { journals, transfers } = await ledgerOf(api, deal.buyerList.active[0].dealId);
    const balances = balancesOf(journals);
    expect(balances['buyer lender']).toBe(-deal.breakdown.financing.amountFinancedCents);
    expect(balances.lienholder).toBe(1_234_567);
    expect(balances['seller payout']).toBe(2_000_000 - 1_234_567 - 9_500);
    expect(moneyTotals(journals).released).toBe(deal.breakdown.totalCents);
    // The payoff went out before either payout.
    const order = transfers.filter((row) => row.direction === 'pay').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(order[0]!.purpose).toBe('lien payoff');
    const sellerView = await detail(deal.seller, deal.sellerTx);
    expect(sellerView.money.items.find((item: { label: string }) => item.label === 'Loan payoff to your lender')).toMatchObject({
      cents: 1_234_567,
    });
  });
});

describe('a payment the bank returns', () => {
  it('reopens the payment step with the bank’s reason, and a new authorisation pays', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay('user_nsf');
    await act(deal.buyer, deal.buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).status, { timeout: 10_000 }).toBe('payment_start');
    const reopened = await detail(deal.buyer, deal.buyerTx);
    expect(reopened.data.payment.returned).toEqual({ code: 'R01', reason: 'Insufficient funds' });
    expect(reopened.money.totals.collected).toBe(0);

    const good = await linkedAccount(api, sandbox(), deal.buyer);
    await act(deal.buyer, deal.buyerTx, 'bank linked', { accountId: good.id, authorizedCents: deal.breakdown.dueAtSigningCents });
    await expect
      .poll(async () => (await detail(deal.buyer, deal.buyerTx)).money.totals.collected, { timeout: 10_000 })
      .toBe(deal.breakdown.dueAtSigningCents);
    expect((await detail(deal.buyer, deal.buyerTx)).data.payment.returned).toBeNull();
  });
});

describe('a payout the bank returns', WHOLE_SALE, () => {
  it('is held with the bank’s reason, and not sent again to the account that returned it', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay('user_good', { sellerLogin: 'user_closed' });
    const due = deal.breakdown.dueAtSigningCents;
    await act(deal.buyer, deal.buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: due });
    await expect.poll(async () => (await detail(deal.buyer, deal.buyerTx)).money.totals.collected, { timeout: 10_000 }).toBe(due);
    await bothSign(deal);

    // Both halves go to the seller's closed account (title received, car delivered) and come back; they stay there.
    const payouts = async () =>
      ((await detail(deal.seller, deal.sellerTx)).money.items as { label: string; state: string; note: string | null }[]).filter((item) =>
        /^Your (first|second) payout/.test(item.label),
      );
    await expect.poll(async () => (await payouts()).map((item) => item.state), { timeout: 30_000 }).toEqual(['returned', 'returned']);
    expect((await payouts()).map((item) => item.note)).toEqual(['Account closed', 'Account closed']);
    const { journals, transfers } = await ledgerOf(api, deal.buyerList.active[0].dealId);
    expect(transfers.filter((transfer) => transfer.purpose === 'seller payout').map((transfer) => transfer.status)).toEqual([
      'returned',
      'returned',
    ]);
    expect(journals.every(isBalanced)).toBe(true);
    const held = await detail(deal.seller, deal.sellerTx);
    expect(moneyTotals(journals).held).toBe(held.payout.payoutCents);
    expect(held.payoutReturned).toEqual({ cents: held.payout.payoutCents, reason: 'Account closed' });
    expect(held.allowedEvents).toContain('payout account changed');

    // The seller chooses another account (not the closed one again): the held payout goes there.
    const again = await actAs(api, deal.seller, deal.sellerTx, 'payout account changed', { accountId: deal.sellerAccount.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toMatch(/returned your payout already/);
    const good = await linkedAccount(api, sandbox(), deal.seller);
    await act(deal.seller, deal.sellerTx, 'payout account changed', { accountId: good.id });
    await expect.poll(async () => (await payouts()).filter((item) => item.state === 'settled').length, { timeout: 30_000 }).toBe(2);
    const after = await ledgerOf(api, deal.buyerList.active[0].dealId);
    expect(moneyTotals(after.journals).held).toBe(0);
    expect((await detail(deal.seller, deal.sellerTx)).payoutReturned).toBeNull();
  });
});

describe('cancelling', () => {
  it('after the buyer signed, charges the seller the fee and refunds the buyer in full; the buyer is mailed', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay();
    await act(deal.buyer, deal.buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    await expect
      .poll(async () => (await detail(deal.buyer, deal.buyerTx)).money.totals.held, { timeout: 10_000 })
      .toBe(deal.breakdown.dueAtSigningCents);
    await act(deal.buyer, deal.buyerTx, 'signature start');
    await act(deal.buyer, deal.buyerTx, 'signing started');
    await govIdChecked(api, sandbox(), deal.buyer, deal.buyerTx, 'approved');
    await signs(api, deal.buyer, deal.buyerTx);

    const terms = (await detail(deal.seller, deal.sellerTx)).canCancel;
    expect(terms).toEqual({ allowed: true, feeCents: 25_000 });
    const unseen = await api.call('POST', `/api/transactions/${deal.sellerTx}/cancel`, deal.seller.bearer, { expectedFeeCents: 0 });
    expect(unseen.statusCode).toBe(409);
    const cancelled = await api.call('POST', `/api/transactions/${deal.sellerTx}/cancel`, deal.seller.bearer, {
      reason: 'Sold it to my neighbour',
      expectedFeeCents: 25_000,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().transaction.cancellation).toMatchObject({ by: 'you', feeCents: 25_000, reason: 'Sold it to my neighbour' });

    await expect
      .poll(async () => (await detail(deal.buyer, deal.buyerTx)).money.totals.refunded, { timeout: 15_000 })
      .toBe(deal.breakdown.dueAtSigningCents);
    const buyerView = await detail(deal.buyer, deal.buyerTx);
    expect(buyerView.cancellation).toMatchObject({ by: 'other party', feeCents: 0 });
    expect(buyerView.shipment.status).toBe('cancelled');
    await expect.poll(async () => balancesOf((await ledgerOf(api, buyerView.dealId)).journals).revenue, { timeout: 15_000 }).toBe(25_000);
    const { journals } = await ledgerOf(api, buyerView.dealId);
    expect(moneyTotals(journals)).toMatchObject({ held: 0 });
    expect(balancesOf(journals).buyer ?? 0).toBe(0);
    // Nothing more can be done in a cancelled sale.
    expect((await stepsFor(api).detail(deal.buyer, deal.buyerTx)).allowedEvents).toEqual([]);
    const list = (await api.call('GET', '/api/transactions', deal.buyer.bearer)).json();
    expect(list.previous.map((row: { id: string }) => row.id)).toContain(deal.buyerTx);
    // The dashboard counts it where the list shows it.
    expect((await api.call('GET', '/api/dashboard', deal.buyer.bearer)).json()).toMatchObject({
      activeTransactions: { total: list.active.length },
      previousTransactions: { total: list.previous.length },
    });
    const [mail] = await api.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.toEmail, deal.buyer.email), eq(notifications.kind, 'cancellation')));
    expect(mail).toMatchObject({ subject: 'Your seller cancelled the sale' });
    expect(mail!.body).toContain('Sold it to my neighbour');
    const listed = (await api.call('GET', '/api/notifications', deal.buyer.bearer)).json().notifications;
    expect(listed).toContainEqual(
      expect.objectContaining({ kind: 'cancellation', link: `/dashboard/previous-transactions/detail?transaction=${deal.buyerTx}` }),
    );
  });
});

describe('the payments processor’s webhooks', () => {
  it('change nothing when badly signed or replayed', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay();
    const pending = await act(deal.buyer, deal.buyerTx, 'bank linked', {
      accountId: deal.buyerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    const { transfers } = await ledgerOf(api, pending.dealId);
    const transferId = transfers.find((row) => row.purpose === 'buyer payment')!.id;
    const settled = JSON.stringify({ type: 'transfer.settled', timestamp: new Date().toISOString(), data: { reference: transferId } });
    const send = (headers: Record<string, string>) =>
      api.app.inject({ method: 'POST', url: '/api/webhooks/payments', headers, payload: settled });
    const forged = await send(
      signWebhook(`whsec_${Buffer.from('a different secret entirely').toString('base64')}`, `msg_${randomUUID()}`, settled),
    );
    expect(forged.statusCode).toBe(401);
    // Another provider's secret is no better: the title desk cannot settle a payment.
    const otherProvider = await send(signWebhook(parts.sandbox.webhookSecrets['title-desk'], `msg_${randomUUID()}`, settled));
    expect(otherProvider.statusCode).toBe(401);
    expect((await detail(deal.buyer, deal.buyerTx)).money.totals.collected).toBe(0);
    // Whichever arrives first (ours or the sandbox's own), the money is collected once.
    const id = `msg_${randomUUID()}`;
    await send(signWebhook(parts.sandbox.webhookSecrets.payments, id, settled));
    expect((await send(signWebhook(parts.sandbox.webhookSecrets.payments, id, settled))).json()).toEqual({ outcome: 'replayed' });
    await expect
      .poll(async () => (await detail(deal.buyer, deal.buyerTx)).money.totals.collected, { timeout: 10_000 })
      .toBe(deal.breakdown.dueAtSigningCents);
    expect((await send(signWebhook(parts.sandbox.webhookSecrets.payments, `msg_${randomUUID()}`, settled))).json()).toEqual({
      outcome: 'ignored',
    });
    expect((await detail(deal.buyer, deal.buyerTx)).money.totals.collected).toBe(deal.breakdown.dueAtSigningCents);
  });
});

describe('bank accounts', () => {
  it('are seen only by their owner: another user gets 404; one a sale in progress pays from or into cannot be removed', async () => {
    const { act, detail } = stepsFor(api);
    const deal = await dealReadyToPay();
    const { buyer, seller, buyerAccount, sellerAccount } = deal;
    const accountsOf = async (who: { bearer: string }) =>
      (await api.call('GET', '/api/bank-accounts', who.bearer)).json().accounts as { id: string; mask: string }[];
    expect(await accountsOf(buyer)).toEqual([
      expect.objectContaining({ id: buyerAccount.id, mask: '6789', institution: 'First Platypus Bank' }),
    ]);
    expect((await accountsOf(seller)).map((account) => account.id)).toEqual([sellerAccount.id]);

    // The seller cannot confirm, remove or pay with the buyer's account, nor learn that it exists.
    const verify = await api.call('POST', `/api/bank-accounts/${buyerAccount.id}/verify`, seller.bearer, { amounts: [32, 45] });
    expect(verify.statusCode).toBe(404);
    expect((await api.call('DELETE', `/api/bank-accounts/${buyerAccount.id}`, seller.bearer)).statusCode).toBe(404);
    const unknown = await api.call('DELETE', `/api/bank-accounts/${randomUUID()}`, seller.bearer);
    expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: 404, body: verify.json() });
    const borrowed = await actAs(api, buyer, deal.buyerTx, 'bank linked', {
      accountId: sellerAccount.id,
      authorizedCents: deal.breakdown.dueAtSigningCents,
    });
    expect(borrowed.statusCode).toBe(422);

    await act(buyer, deal.buyerTx, 'bank linked', { accountId: buyerAccount.id, authorizedCents: deal.breakdown.dueAtSigningCents });
    // Each side's transaction shows its own account, never the other's.
    expect((await detail(buyer, deal.buyerTx)).bankAccount).toMatchObject({ id: buyerAccount.id, mask: '6789' });
    expect((await detail(seller, deal.sellerTx)).bankAccount).toMatchObject({ id: sellerAccount.id });
    expect(JSON.stringify(await detail(seller, deal.sellerTx))).not.toContain(buyerAccount.id);

    // An account a sale in progress uses stays: 409 saying which, and it is still listed.
    for (const [who, account] of [
      [buyer, buyerAccount],
      [seller, sellerAccount],
    ] as const) {
      const removal = await api.call('DELETE', `/api/bank-accounts/${account.id}`, who.bearer);
      expect(removal.statusCode).toBe(409);
      expect(removal.json().message).toBe(
        'First Platypus Bank ••6789 is used by a sale in progress. Link another account and choose it in that sale first.',
      );
      expect((await accountsOf(who)).map((listed) => listed.id)).toContain(account.id);
    }
    // One no sale uses goes.
    const spare = await linkedAccount(api, sandbox(), buyer, 'user_micro');
    expect((await api.call('DELETE', `/api/bank-accounts/${spare.id}`, buyer.bearer)).statusCode).toBe(204);
    expect((await accountsOf(buyer)).map((account) => account.id)).toEqual([buyerAccount.id]);
  });
});
