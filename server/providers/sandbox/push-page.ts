/**
 * The Web Push stand-in's page (`/push`): every message received, newest first, decrypted, so a
 * person on the local stack can see what a phone would have been sent. Reload to see new ones.
 */
import type { PushMessage } from './push-service';
import { SANDBOX_STYLE } from './widget-page';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const extraStyle = `
  main{max-width:760px} ol{list-style:none;padding:0} li{border:1px solid #d9e2ec;border-radius:8px;padding:.7rem;margin:.5rem 0}
  dl{display:grid;grid-template-columns:auto 1fr;gap:.1rem 1rem;margin:0;font-size:.85rem;color:#52606d} dt{font-weight:600}
  pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:.5rem 0 0}`;

export function pushPage(messages: PushMessage[]): string {
  const items = messages
    .toReversed()
    .map(
      (
        message,
      ) => `<li><dl><dt>Received</dt><dd>${escape(message.receivedAt)}</dd><dt>Subscription</dt><dd>${escape(message.subscriptionId)}</dd>
<dt>Urgency</dt><dd>${escape(message.urgency)}</dd><dt>Topic</dt><dd>${escape(message.topic ?? '—')}</dd><dt>TTL</dt><dd>${message.ttl} s</dd></dl>
<pre>${escape(message.payload)}</pre></li>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Push messages (sandbox)</title><style>${SANDBOX_STYLE}${extraStyle}</style></head><body>
<div class="bar"><span>Web Push · Sandbox</span></div>
<main><h1>Push messages</h1>
${messages.length ? `<ol>${items}</ol>` : '<p>No push message has arrived yet.</p>'}
</main></body></html>`;
}
