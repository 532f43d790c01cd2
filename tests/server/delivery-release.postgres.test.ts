/**
 * The release after the handover (issue 34) as a scheduled job on PostgreSQL: the buyer reminded
 * once when a few hours are left, by two processes looking every second; then a deal whose clock
 * ran out while no API was running is released by the first look of the next one to start, and
 * with two API processes looking at once (each at start, then every second) it is released
 * exactly once — one confirmation in each party's log, one journal and one transfer of the
 * seller's second payout, one notice each. Nothing of it is in a process's memory: it is the
 * deal's row, read under its lock.
 */
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { deals, notifications, transactionEvents } from '../../server/db/schema';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { listeningApi } from '../support/api-harness';
import { saleDelivered } from '../support/delivery';
import { environmentFor } from '../support/local-parts';
import { ledgerOf } from '../support/payments';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof listeningApi>>;
let processes: ApiProcess[] = [];

beforeAll(async () => {
  // This one takes the sandboxes' webhooks and walks the sale; its own release job looks only once, at its start.
  api = await listeningApi(parts, undefined, {}, { DELIVERY_CONFIRMATION_HOURS: '48', DELIVERY_CHECK_INTERVAL_SECONDS: '3600' });
});
afterAll(async () => {
  await Promise.all(processes.map((process) => process.stop()));
  await api.close();
});

it('reminds the buyer once, then releases a delivery that fell due while no API ran, once, with two API processes looking at the same time', async () => {
  const sale = await saleDelivered(api, parts);
  const db = api.database.db;
  const secondPayout = async () =>
    (await sale.detail(sale.seller, sale.sellerTx)).money.items.find((item: { label: string }) =>
      item.label.startsWith('Your second payout'),
    );
  expect((await secondPayout())?.state).toBe('scheduled');

  const callback = `http://127.0.0.1:${(api.app.server.address() as AddressInfo).port}`;
  const env = environmentFor(parts, {
    DATABASE_URL: api.databaseUrl!,
    PROVIDER_CALLBACK_URL: callback,
    DELIVERY_CONFIRMATION_HOURS: '48',
    DELIVERY_CHECK_INTERVAL_SECONDS: '1',
  });
  const reminders = async () => (await db.select().from(notifications).where(eq(notifications.kind, 'delivery reminder'))).length;

  // Six hours left: both processes look every second, and the buyer is reminded once.
  await db
    .update(deals)
    .set({ deliveryDueAt: new Date(Date.now() + 6 * 3_600_000) })
    .where(eq(deals.id, sale.dealId));
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);
  await expect.poll(reminders, { timeout: 20_000 }).toBe(1);
  await Promise.all(processes.map((process) => process.stop()));
  expect(await reminders()).toBe(1);
  expect((await secondPayout())?.state).toBe('scheduled');

  // The clock ran out while the API was down (or restarting): nothing but the deal's row knows it.
  await db
    .update(deals)
    .set({ deliveryDueAt: new Date(Date.now() - 1_000) })
    .where(eq(deals.id, sale.dealId));
  processes = await Promise.all([startApiProcess(env), startApiProcess(env)]);

  await expect.poll(async () => (await secondPayout())?.state, { timeout: 30_000 }).toBe('settled');
  // Settling takes the bank's webhook, seconds in which both processes looked again every second; stopped, nothing is in flight.
  await Promise.all(processes.map((process) => process.stop()));
  processes = [];

  const [deal] = await db.select().from(deals).where(eq(deals.id, sale.dealId));
  expect(deal!.deliveryConfirmedBy).toBe('clock');
  const confirmations = await db
    .select()
    .from(transactionEvents)
    .where(and(inArray(transactionEvents.transactionId, [sale.buyerTx, sale.sellerTx]), eq(transactionEvents.event, 'delivery confirmed')));
  expect(confirmations).toHaveLength(2);
  const { journals, transfers } = await ledgerOf(api, sale.dealId);
  expect(journals.filter((journal) => journal.reason === 'seller payout 2')).toHaveLength(1);
  expect(transfers.filter((transfer) => transfer.key.startsWith('release:seller payout 2'))).toHaveLength(1);
  const told = await db.select().from(notifications).where(eq(notifications.kind, 'delivery confirmed'));
  expect(told.map((notice) => notice.userId).sort()).toHaveLength(2);
  expect(new Set(told.map((notice) => notice.userId)).size).toBe(2);
}, 180_000);
