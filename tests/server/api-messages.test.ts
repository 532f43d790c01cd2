/**
 * Deal messages (issue 33) against the real API and database: the two parties write in their
 * deal's thread, each message once per key, in order, with receipts that only rise and unread
 * counts on the dashboard; nobody else reads or writes it (anonymous, forged, an outsider, an
 * admin until a message is reported); a request to pay outside the product is flagged for both;
 * a cancelled sale's thread is read-only; and a message left unread is mailed once an hour at most.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { generateKeyPair } from 'jose';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { mailUnreadMessages } from '../../server/commands/mail-unread-messages';
import { commandContext } from '../../server/commands/context';
import { messages, threadReads } from '../../server/db/message-tables';
import { liveChanges, notifications } from '../../server/db/schema';
import { SUBSCRIBERS } from '../../server/effects/subscriptions';
import type { Providers } from '../../server/providers/providers';
import { threadSchema, type Thread } from '../../src/domain/message-contract';
import { apiFor } from '../support/api-harness';
import { dealBetween, offerBetween, uploadedDocument } from '../support/deals';
import { bearerFor, mintIdToken, personFor } from '../support/tokens';

const parts = inject('parts');
let api: Awaited<ReturnType<typeof apiFor>>;

beforeAll(async () => {
  api = await apiFor(parts);
});
afterAll(() => api.close());

const send = (who: { bearer: string }, id: string, body: string, idempotencyKey: string = randomUUID()) =>
  api.call('POST', `/api/threads/${id}/messages`, who.bearer, { body, idempotencyKey });
const threadOf = async (who: { bearer: string }, id: string): Promise<Thread> => {
  const answer = await api.call('GET', `/api/threads/${id}`, who.bearer);
  expect(answer.statusCode).toBe(200);
  return threadSchema.parse(answer.json());
};
const messagesIn = (thread: Thread) => thread.entries.flatMap((entry) => (entry.type === 'message' ? [entry] : []));
const userIdOf = async (who: { bearer: string }) => (await api.call('GET', '/api/users/profile', who.bearer)).json().uid as string;

describe('deal messages', () => {
  it('carries a conversation between the parties in order, once per key, beside the offers and the deal', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    const key = randomUUID();
    const first = await send(buyer, negotiationId, '  Is the spare key included?  ', key);
    expect(first.statusCode).toBe(201);
    // The device lost the answer and sends it again: answered the same, stored once.
    const again = await send(buyer, negotiationId, 'Is the spare key included?', key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: first.json().id, replayed: true });
    expect((await send(buyer, negotiationId, 'Something else', key)).statusCode).toBe(422);
    expect((await send(seller, negotiationId, 'Yes, both keys and the manual.')).statusCode).toBe(201);

    const seen = await threadOf(seller, negotiationId);
    expect(messagesIn(seen).map((message) => [message.by, message.body])).toEqual([
      ['other party', 'Is the spare key included?'],
      ['you', 'Yes, both keys and the manual.'],
    ]);
    expect(seen.entries[0]).toMatchObject({ type: 'offer', by: 'you', amount: 20_000 });
    expect(seen.entries[1]).toMatchObject({
      type: 'step',
      by: 'system',
      words: expect.stringMatching(/opened the sale of the 2005 Buick/),
    });
    expect(seen).toMatchObject({ myRole: 'seller', closedBecause: null });

    // Both parties' tabs are told of the thread (the live feed's rows, written with the message).
    const told = await api.database.db
      .select()
      .from(liveChanges)
      .where(and(eq(liveChanges.entityId, negotiationId), eq(liveChanges.kind, 'thread')));
    expect(new Set(told.map((row) => row.userId))).toEqual(new Set([await userIdOf(buyer), await userIdOf(seller)]));
  });

  it('says sent, delivered and read as the other party gets there, counts what is unread, and never lowers a receipt', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    await api.call('PATCH', '/api/users/profile', buyer.bearer, { firstName: 'Robin', lastName: 'Okafor' });
    const one = (await send(buyer, negotiationId, 'When can I see it?')).json();
    const two = (await send(buyer, negotiationId, 'Saturday morning works for me.')).json();
    expect(await threadOf(buyer, negotiationId)).toMatchObject({ delivered: 0, read: 0 });
    expect((await api.call('GET', '/api/threads/unread', seller.bearer)).json()).toEqual({ unread: 2 });
    expect((await api.call('GET', '/api/threads', seller.bearer)).json()).toMatchObject({
      unread: 2,
      threads: [{ negotiationId, otherName: 'Robin', unread: 2, last: { by: 'other party', body: 'Saturday morning works for me.' } }],
    });

    const seen = (upTo: number, read: boolean) => api.call('POST', `/api/threads/${negotiationId}/seen`, seller.bearer, { upTo, read });
    expect((await seen(two.seq, false)).statusCode).toBe(204);
    expect(await threadOf(buyer, negotiationId)).toMatchObject({ delivered: two.seq, read: 0 });
    await seen(one.seq, true);
    expect(await threadOf(buyer, negotiationId)).toMatchObject({ delivered: two.seq, read: one.seq });
    expect((await threadOf(seller, negotiationId)).unread).toBe(1);
    // A receipt past the newest message cannot mark one not written yet; an older one changes nothing.
    await seen(two.seq + 1000, true);
    await seen(0, true);
    expect(await threadOf(buyer, negotiationId)).toMatchObject({ delivered: two.seq, read: two.seq });
    expect((await api.call('GET', '/api/threads/unread', seller.bearer)).json()).toEqual({ unread: 0 });
    // The writer's own messages are never unread for them.
    expect((await threadOf(buyer, negotiationId)).unread).toBe(0);
  });

  it('lets only the two parties in: anonymous and forged callers, an outsider and an admin without a report are refused', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    const message = (await send(seller, negotiationId, 'The title is in my name.')).json();
    const forged = `Bearer ${await mintIdToken(parts.identity, {}, { key: (await generateKeyPair('RS256')).privateKey })}`;
    const outsider = await personFor(parts.identity, 'outsider');
    const admin = { bearer: await bearerFor(parts.identity, ['admin']) };
    for (const bearer of [undefined, forged]) {
      expect((await api.call('GET', `/api/threads/${negotiationId}`, bearer)).statusCode).toBe(401);
      expect(
        (await api.call('POST', `/api/threads/${negotiationId}/messages`, bearer, { body: 'hi', idempotencyKey: randomUUID() })).statusCode,
      ).toBe(401);
    }
    for (const who of [outsider, admin]) {
      expect((await api.call('GET', `/api/threads/${negotiationId}`, who.bearer)).statusCode).toBe(404);
      expect((await send(who, negotiationId, 'Let me in')).statusCode).toBe(404);
      expect((await api.call('POST', `/api/threads/${negotiationId}/seen`, who.bearer, { upTo: message.seq, read: true })).statusCode).toBe(
        404,
      );
    }
    expect((await api.call('GET', '/api/threads', outsider.bearer)).json()).toEqual({ threads: [], unread: 0 });
    expect((await threadOf(seller, negotiationId)).read).toBe(0); // the outsider's and the admin's receipts left nothing

    // A report lets an admin read the thread, never write in it; a party cannot report their own message.
    const report = (who: { bearer: string }) =>
      api.call('POST', `/api/threads/${negotiationId}/messages/${message.id}/report`, who.bearer, { reason: 'Asks for my bank login' });
    expect((await report(seller)).statusCode).toBe(422);
    expect((await report(outsider)).statusCode).toBe(404);
    expect((await report(buyer)).statusCode).toBe(204);
    expect(messagesIn(await threadOf(buyer, negotiationId))[0]!.reported).toBe(true);
    const asAdmin = await threadOf(admin, negotiationId);
    expect(asAdmin.myRole).toBeNull();
    expect(messagesIn(asAdmin).map((entry) => [entry.side, entry.body])).toEqual([['seller', 'The title is in my name.']]);
    expect((await send(admin, negotiationId, 'Admin here')).statusCode).toBe(403);
    const adminId = await userIdOf(admin);
    expect(await api.database.db.select().from(notifications).where(eq(notifications.userId, adminId))).toContainEqual(
      expect.objectContaining({ kind: 'message reported', link: `/dashboard/messages/${negotiationId}` }),
    );
  });

  it('warns both parties of a request to pay outside the product', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    expect((await send(seller, negotiationId, 'Easier if you send the deposit with Zelle or gift cards.')).json().offPlatformPayment).toBe(
      true,
    );
    await send(seller, negotiationId, 'The car is at 12 Elm St, come any time.');
    for (const who of [buyer, seller])
      expect(messagesIn(await threadOf(who, negotiationId)).map((entry) => entry.offPlatformPayment)).toEqual([true, false]);
  });

  it('keeps an offer’s conversation and closes a cancelled sale’s thread to writing, still readable', async () => {
    const seller = await personFor(parts.identity, 'seller');
    const buyer = await personFor(parts.identity, 'buyer');
    const sale = await offerBetween(api, seller, buyer, 18_500);
    expect((await send(buyer, sale.id, 'Would you take $18,000?')).statusCode).toBe(201);
    expect((await threadOf(seller, sale.id)).dealId).toBeNull();

    const { buyer: b, buyerTx, negotiationId } = await dealBetween(api, parts.identity);
    await send(b, negotiationId, 'See you Saturday.');
    const fee = (await api.call('GET', `/api/transactions/${buyerTx}`, b.bearer)).json().cancellation?.feeCents ?? 0;
    expect((await api.call('POST', `/api/transactions/${buyerTx}/cancel`, b.bearer, { expectedFeeCents: fee })).statusCode).toBe(200);
    const refused = await send(b, negotiationId, 'Wait, one more thing');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/cancelled.*still read it/);
    const closed = await threadOf(b, negotiationId);
    expect(closed.closedBecause).toMatch(/cancelled/);
    expect(messagesIn(closed).map((entry) => entry.body)).toEqual(['See you Saturday.']);
  });

  it('mails a message left unread for 15 minutes once, and a thread at most once an hour', async () => {
    const { buyer, seller, negotiationId } = await dealBetween(api, parts.identity);
    const ctx = commandContext({
      db: api.database.db,
      providers: {} as Providers,
      appOrigin: 'http://127.0.0.1:8080',
      subscribers: SUBSCRIBERS,
    });
    const sellerId = await userIdOf(seller);
    const mailsToSeller = async () =>
      (await api.database.db.select().from(notifications).where(eq(notifications.userId, sellerId))).filter(
        (row) => row.kind === 'message unread',
      );
    // Time passes for this thread: its messages and its last mail move back.
    const later = async (minutes: number) => {
      const by = sql`make_interval(mins => ${minutes})`;
      await api.database.db
        .update(messages)
        .set({ at: sql`${messages.at} - ${by}` })
        .where(eq(messages.negotiationId, negotiationId));
      await api.database.db
        .update(threadReads)
        .set({ mailedAt: sql`${threadReads.mailedAt} - ${by}` })
        .where(eq(threadReads.negotiationId, negotiationId));
      return mailUnreadMessages(ctx);
    };

    await send(buyer, negotiationId, 'Is it still available?');
    await later(14);
    expect(await mailsToSeller()).toEqual([]);
    await later(2);
    expect(await mailsToSeller()).toEqual([
      expect.objectContaining({
        subject: expect.stringMatching(/^You have a message about the /),
        link: `/dashboard/messages/${negotiationId}`,
      }),
    ]);
    await later(30);
    expect(await mailsToSeller()).toHaveLength(1); // nothing new since the mail

    await send(buyer, negotiationId, 'I can pay the deposit today.');
    await later(20);
    expect(await mailsToSeller()).toHaveLength(1); // within the hour of the last mail
    await later(20);
    expect((await mailsToSeller()).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^You have a message/),
      expect.stringMatching(/^You have 2 messages/),
    ]);

    // Read, nothing is mailed.
    const { seq } = (await send(buyer, negotiationId, 'Hello?')).json();
    await api.call('POST', `/api/threads/${negotiationId}/seen`, seller.bearer, { upTo: seq, read: true });
    await later(120);
    expect(await mailsToSeller()).toHaveLength(2);
    // The buyer, who read everything by writing, is never mailed.
    const buyerId = await userIdOf(buyer);
    expect(
      (await api.database.db.select().from(notifications).where(eq(notifications.userId, buyerId))).filter(
        (row) => row.kind === 'message unread',
      ),
    ).toEqual([]);
  });

  it('puts the conversation in the deal’s timeline PDF, with the files sent and the warnings given', async () => {
    const { buyer, seller, negotiationId, buyerTx, sellerTx } = await dealBetween(api, parts.identity);
    await send(buyer, negotiationId, 'Is the spare key included?');
    await send(seller, negotiationId, 'Yes. Send the deposit by Zelle and I hold it.');
    const photo = await uploadedDocument(api, seller, sellerTx, 'message-attachment', 'spare-key.jpg');
    await api.call('POST', `/api/threads/${negotiationId}/messages`, seller.bearer, {
      attachmentUploadId: photo.uploadId,
      idempotencyKey: randomUUID(),
    });
    const pdf = await api.call('GET', `/api/transactions/${buyerTx}/timeline.pdf`, buyer.bearer);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf.rawPayload)), { mergePages: true });
    const said = text.replace(/\s+/g, ' ');
    expect(said).toContain('Messages between the parties');
    expect(said).toMatch(/You: Is the spare key included\?.*: Yes\. Send the deposit by Zelle and I hold it\./);
    expect(said).toContain('Flagged to both parties: it asks to pay outside Caramel.');
    expect(said).toMatch(/\[sent spare-key\.jpg, \d+ B\]/);
  });

  it('sends a file uploaded into the deal, which only the two parties can open', async () => {
    const { buyer, seller, negotiationId, sellerTx, buyerTx } = await dealBetween(api, parts.identity);
    const photo = await uploadedDocument(api, seller, sellerTx, 'message-attachment', 'spare-key.jpg');
    const sent = await api.call('POST', `/api/threads/${negotiationId}/messages`, seller.bearer, {
      attachmentUploadId: photo.uploadId,
      idempotencyKey: randomUUID(),
    });
    expect(sent.statusCode).toBe(201);
    const [message] = messagesIn(await threadOf(buyer, negotiationId));
    expect(message).toMatchObject({
      body: '',
      attachment: { key: photo.documentKey, fileName: 'spare-key.jpg', contentType: 'image/jpeg' },
    });
    const read = (who: { bearer: string }) =>
      api.call('GET', `/api/documents/object?key=${encodeURIComponent(photo.documentKey)}`, who.bearer);
    expect((await read(buyer)).json().url).toMatch(/^http/);
    expect((await read(await personFor(parts.identity, 'outsider'))).statusCode).toBe(404);

    // Only the writer's own finished upload of this deal, made for messages, can be sent.
    const other = await dealBetween(api, parts.identity);
    const elsewhere = await uploadedDocument(api, other.seller, other.sellerTx, 'message-attachment', 'other.jpg');
    const address = await uploadedDocument(api, buyer, buyerTx, 'proof-of-address', 'bill.jpg');
    for (const [who, uploadId] of [
      [buyer, photo.uploadId],
      [other.seller, elsewhere.uploadId],
      [buyer, address.uploadId],
    ] as const) {
      const refused = await api.call('POST', `/api/threads/${negotiationId}/messages`, who.bearer, {
        attachmentUploadId: uploadId,
        idempotencyKey: randomUUID(),
      });
      expect(refused.statusCode).toBe(who === other.seller ? 404 : 422);
    }
    expect((await read(other.buyer)).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a message that is empty, too long or has no key', async () => {
    const { buyer, negotiationId } = await dealBetween(api, parts.identity);
    for (const [body, field] of [
      [{ body: '   ', idempotencyKey: randomUUID() }, 'body'],
      [{ idempotencyKey: randomUUID(), attachmentUploadId: 'not-an-id' }, 'attachmentUploadId'],
      [{ body: 'x'.repeat(2001), idempotencyKey: randomUUID() }, 'body'],
      [{ body: 'Hello' }, 'idempotencyKey'],
    ] as const) {
      const answer = await api.call('POST', `/api/threads/${negotiationId}/messages`, buyer.bearer, body);
      expect(answer.statusCode).toBe(400);
      expect(JSON.stringify(answer.json())).toContain(field);
    }
    expect(messagesIn(await threadOf(buyer, negotiationId))).toEqual([]);
  });
});
