/**
 * Crash safety on PostgreSQL: deals walked from verification to the buyer's payment through an
 * API process killed with SIGKILL at random points (a crash, an out-of-memory kill: no shutdown
 * runs) while their writes and the providers' webhooks are under way, started again each time.
 * Clients do what the app's outbox does: a request that got no answer is sent again, same body,
 * same idempotency key. After the last restart:
 * - every write answered 2xx is there exactly once, and sent again is answered as a repeat
 *   (`replayed`, with the transaction as it is now) and changes nothing;
 * - each transaction's versions run without a gap, and its row's step data is what its events fold to;
 * - every outbox effect is delivered (mail, provider requests), none given up on, and a mail is
 *   read once even where a crash cut its first delivery short;
 * - each webhook was applied once, and the ledger's invariants hold with the money collected.
 * The kill points come from a seed (CRASH_SEED, printed; `random` for a new one) and the walk's own timing.
 */
import { readFileSync, rmSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { outbox } from '../../server/db/command-tables';
import type { OpenDatabase } from '../../server/db/client';
import { providerWebhooks } from '../../server/db/provider-tables';
import { transactionEvents, transactions } from '../../server/db/schema';
import { readMailbox } from '../../server/providers/dev-mailbox';
import { foldStepData } from '../../src/domain/step-data';
import { isViewChange } from '../../src/domain/transaction-transitions';
import { PICKUP_SLOTS, pickupDays } from '../../src/domain/transport';
import { httpApi, until, type Answer, type ApiCaller } from '../support/api-caller';
import { freshDatabase } from '../support/api-harness';
import { startApiProcess, type ApiProcess } from '../support/api-process';
import { dealBetween, uploadedDocument, verifiedInquiry } from '../support/deals';
import { freePort } from '../support/free-port';
import { mulberry32 } from '../support/seeded';
import { ledgerProblems } from '../support/ledger-invariants';
import { environmentFor } from '../support/local-parts';
import { BUYER_HOME, HOME, linkedAccount, stepsFor } from '../support/payments';

const parts = inject('parts');
/** 10 deals: 180 keyed writes and 20 webhooks. `npm run crash` kills more often, from a new seed each run. */
const DEALS = 10;
const KILLS = Number(process.env.CRASH_KILLS ?? 4);
const SEED = process.env.CRASH_SEED === 'random' ? Date.now() % 1_000_000 : Number(process.env.CRASH_SEED ?? 271_828);

let database: OpenDatabase;
let dir: string;
let env: Record<string, string>;
let port: number;
let api: ApiProcess;

beforeAll(async () => {
  const fresh = await freshDatabase();
  database = fresh.database;
  dir = mkdtempSync(join(tmpdir(), 'crash-'));
  port = await freePort();
  // Webhooks come back to the port the process listens on, whichever process that is by then.
  env = environmentFor(parts, {
    DATABASE_URL: fresh.url!,
    DEV_MAILBOX_FILE: join(dir, 'mailbox.jsonl'),
    PROVIDER_CALLBACK_URL: `http://127.0.0.1:${port}`,
    PROVIDER_DISPATCH_INTERVAL_SECONDS: '1',
  });
  api = await startApiProcess(env, { port });
}, 60_000);
afterAll(async () => {
  await api?.stop();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Written {
  transactionId: string;
  bearer: string;
  body: { idempotencyKey: string };
  version: number;
}

/** Over HTTP to whichever process listens now: a request that got no answer (refused, cut off) is sent again as it was. */
function crashTolerant(written: Written[]): ApiCaller {
  const http = httpApi(`http://127.0.0.1:${port}`);
  return {
    async call(method, url, authorization, body) {
      for (;;) {
        let answer: Answer;
        try {
          answer = await http.call(method, url, authorization, body);
        } catch {
          await sleep(100);
          continue;
        }
        const event = /^\/api\/transactions\/([^/]+)\/events$/.exec(url);
        if (event && answer.statusCode < 300)
          written.push({
            transactionId: event[1]!,
            bearer: authorization!,
            body: body as Written['body'],
            version: answer.json().transaction.version,
          });
        return answer;
      }
    },
  };
}

/** What each deal needs that is not a keyed write (uploads, bank links, decided inquiries): made before any crash. */
async function prepared() {
  const setup = httpApi(`http://127.0.0.1:${port}`);
  const deal = await dealBetween(setup, parts.identity);
  const upload = (slot: string, file: string) => uploadedDocument(setup, deal.seller, deal.sellerTx, slot, file);
  const [titleFront, titleBack, vinPlate, odometer] = await Promise.all([
    upload('title-front', 'front.jpg'),
    upload('title-back', 'back.jpg'),
    upload('vin-plate', 'vin.jpg'),
    upload('odometer', 'odo.jpg'),
  ]);
  return {
    ...deal,
    documents: { titleFront, titleBack, vinPlate, odometer },
    sellerAccount: await linkedAccount(setup, parts.sandbox.url, deal.seller),
    buyerAccount: await linkedAccount(setup, parts.sandbox.url, deal.buyer),
    sellerInquiry: await verifiedInquiry(parts.sandbox.url, deal.sellerTx, 'approved'),
    buyerInquiry: await verifiedInquiry(parts.sandbox.url, deal.buyerTx, 'approved'),
  };
}

/** Both sides from verification to the buyer's payment collected: every write keyed, the title desk and the bank answering by webhook. */
async function walked(api: ApiCaller, deal: Awaited<ReturnType<typeof prepared>>) {
  const { act, detail } = stepsFor(api);
  const { seller, buyer, sellerTx, buyerTx, documents } = deal;
  const sellerSide = async () => {
    await act(seller, sellerTx, 'identity submitted', { inquiryId: deal.sellerInquiry });
    await act(seller, sellerTx, 'address submitted', HOME);
    await act(seller, sellerTx, 'identity done', { pickupAddress: HOME });
    await act(seller, sellerTx, 'reports reviewed');
    const { titleFront, titleBack, vinPlate, odometer } = documents;
    await act(seller, sellerTx, 'title docs uploaded', { titleFront, titleBack, titleInSellerName: true, ownership: [] });
    await act(seller, sellerTx, 'title vehicle docs uploaded', { vinPlate, odometer, odometerReading: 84_100 });
    await until(async () => (await detail(seller, sellerTx)).status, 'pricebreakdown_start', 60_000, 'the title desk’s approval');
    await act(seller, sellerTx, 'price breakdown acknowledge');
    await act(seller, sellerTx, 'bank linked', { accountId: deal.sellerAccount.id, authorizedCents: 0 });
  };
  const buyerSide = async () => {
    await act(buyer, buyerTx, 'identity submitted', { inquiryId: deal.buyerInquiry });
    await act(buyer, buyerTx, 'address submitted', BUYER_HOME);
    await act(buyer, buyerTx, 'identity done', { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 90_000 });
    await act(buyer, buyerTx, 'finance skipped');
    await act(buyer, buyerTx, 'protection skipped');
    await act(buyer, buyerTx, 'insurance skipped', {});
  };
  await Promise.all([sellerSide(), buyerSide()]);
  const day = pickupDays(new Date().toISOString().slice(0, 10))[0];
  await act(buyer, buyerTx, 'transport booked', { kind: 'Pickup', day, time: PICKUP_SLOTS[0] });
  await act(buyer, buyerTx, 'verification done');
  const due = (await act(buyer, buyerTx, 'price breakdown acknowledge')).priceBreakdown.dueAtSigningCents as number;
  await act(buyer, buyerTx, 'bank linked', { accountId: deal.buyerAccount.id, authorizedCents: due });
  await until(async () => (await detail(buyer, buyerTx)).money.totals.collected === due, true, 60_000, 'the payment collected');
}

it(`keeps every answered write, once, through ${KILLS} kills of the API process (seed ${SEED})`, { timeout: 240_000 }, async () => {
  const deals = await Promise.all(Array.from({ length: DEALS }, prepared));
  const random = mulberry32(SEED);
  const written: Written[] = [];
  const caller = crashTolerant(written);
  const started = Date.now();
  let finished = false;
  const work = Promise.all(deals.map((deal) => walked(caller, deal))).finally(() => (finished = true));

  const killedAt: number[] = [];
  while (!finished && killedAt.length < KILLS) {
    await sleep(200 + random() * 1_300);
    if (finished) break;
    await api.kill();
    killedAt.push(Date.now() - started);
    api = await startApiProcess(env, { port });
  }
  await work;
  console.log(`[crash] seed ${SEED}: killed at ${killedAt.join(', ')} ms; ${written.length} writes answered 2xx`);
  expect(killedAt.length).toBeGreaterThanOrEqual(2);

  const db = database.db;
  const ids = deals.flatMap((deal) => [deal.sellerTx, deal.buyerTx]);
  const events = await db.select().from(transactionEvents).where(inArray(transactionEvents.transactionId, ids));
  // Each answered write is there once, at the version it was answered with.
  for (const write of written) {
    const mine = events.filter(
      (event) => event.transactionId === write.transactionId && event.idempotencyKey === write.body.idempotencyKey,
    );
    expect(mine.length, `the write keyed ${write.body.idempotencyKey}`).toBe(1);
    expect(mine[0]!.version).toBeLessThanOrEqual(write.version);
  }
  // Versions run 1, 2, 3… on every transaction.
  for (const id of ids) {
    const versions = events.filter((event) => event.transactionId === id).map((event) => event.version);
    expect(versions.sort((a, b) => a - b)).toEqual(Array.from({ length: versions.length }, (_, index) => index + 1));
  }
  // Each row's step data, saved with its version, is what its events fold to (state beside events).
  const rows = await database.db.select().from(transactions).where(inArray(transactions.id, ids));
  for (const row of rows) {
    const own = events.filter((event) => event.transactionId === row.id).sort((a, b) => a.version - b.version);
    expect(JSON.parse(JSON.stringify(row.stepData)), `the step data of ${row.id}`).toEqual(JSON.parse(JSON.stringify(foldStepData(own))));
  }
  // Sent again, each answers what it was answered the first time, and changes nothing.
  const replaying = crashTolerant([]);
  const again = await Promise.all(
    written.map((write) => replaying.call('POST', `/api/transactions/${write.transactionId}/events`, write.bearer, write.body)),
  );
  // Answered as a repeat (`replayed`), with the transaction as it is now: at or past the version the first answer showed.
  expect(again.map((answer) => [answer.statusCode, answer.json().replayed])).toEqual(written.map(() => [200, true]));
  expect(again.filter((answer, index) => answer.json().transaction.version < written[index]!.version)).toEqual([]);
  expect(await db.select().from(transactionEvents).where(inArray(transactionEvents.transactionId, ids))).toHaveLength(events.length);

  // Every effect delivered (a crash mid-delivery holds its row until the lease runs out), none given up on.
  await until(async () => (await db.select().from(outbox).where(ne(outbox.status, 'done'))).length, 0, 60_000, 'effects still to deliver');
  const mails = await db.select().from(outbox).where(eq(outbox.kind, 'mail'));
  const read = new Set(readMailbox(env.DEV_MAILBOX_FILE!).map((message) => message.id));
  expect(mails.filter((mail) => !read.has(mail.ref))).toEqual([]);
  const lines = readFileSync(env.DEV_MAILBOX_FILE!, 'utf8').trim().split('\n').length;
  console.log(`[crash] ${mails.length} mails, ${lines - read.size} delivered twice (read once)`);

  // The title desk's and the bank's answers: each applied once, whatever a crash made them send again.
  const applied = await db.select().from(providerWebhooks).where(eq(providerWebhooks.outcome, 'applied'));
  console.log(`[crash] webhooks applied: ${applied.length}`);
  // Every step of this walk happens once; only what a side sees change beside its steps (money, documents) repeats.
  for (const id of ids) {
    const names = events.filter((event) => event.transactionId === id && !isViewChange(event.event)).map((event) => event.event);
    expect(
      names.filter((name, index) => names.indexOf(name) !== index),
      `events twice on ${id}`,
    ).toEqual([]);
  }

  expect(await ledgerProblems(db)).toEqual([]);
});
