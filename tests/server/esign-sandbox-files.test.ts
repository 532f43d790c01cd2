/** The e-signature sandbox keeps each envelope in a file of its own (a sale's PDFs made one file for all grow to 30 MB). */
import { mkdtempSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { esignProvider } from '../../server/providers/sandbox/esign';
import type { WebhookSender } from '../../server/providers/sandbox/webhook-sender';

const webhooks = { send: () => undefined } as unknown as WebhookSender;
const pdf = Buffer.from('%PDF-1.4 not really');
const request = {
  reference: 'tx-1',
  callbackUrl: 'http://127.0.0.1:1/webhooks/esign',
  documents: [{ documentId: '1', name: 'Bill of sale', pdfBase64: pdf.toString('base64'), sha256: '' }],
  recipients: [{ recipientId: '1', name: 'Sam', email: 'sam@example.com', tabs: [] }],
};
request.documents[0]!.sha256 = (await import('node:crypto')).createHash('sha256').update(pdf).digest('hex');

describe('the e-signature sandbox’s envelope files', () => {
  it('finds an envelope and its signing session from its own file, and nothing for a name that is not an id', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'esign-')), 'envelopes');
    const esign = esignProvider(dir, webhooks);
    const created = esign.create(request);
    if (!('id' in created)) throw new Error(created.refused);
    expect(existsSync(join(dir, `${created.id}.json`))).toBe(true);
    const token = esign.session(created.id, '1', 'http://127.0.0.1:1/back');
    if (typeof token !== 'string') throw new Error(token.refused);
    expect(esign.open(token)?.envelope.id).toBe(created.id);
    // Read again by a new process, as after a restart.
    expect(esignProvider(dir, webhooks).get(created.id)?.reference).toBe('tx-1');
    for (const name of ['__proto__', '../envelopes', `${created.id}/..`]) expect(esign.get(name)).toBeUndefined();
    expect(esign.open('../../etc/passwd')).toBeUndefined();
  });

  it('splits the one file of an earlier data dir once', () => {
    const sandbox = mkdtempSync(join(tmpdir(), 'esign-'));
    const first = esignProvider(join(sandbox, 'first'), webhooks);
    const created = first.create(request);
    if (!('id' in created)) throw new Error(created.refused);
    writeFileSync(join(sandbox, 'envelopes.json'), JSON.stringify({ [created.id]: first.get(created.id) }));
    const esign = esignProvider(join(sandbox, 'envelopes'), webhooks);
    expect(esign.get(created.id)?.reference).toBe('tx-1');
    expect(existsSync(join(sandbox, 'envelopes.json'))).toBe(false);
  });
});
