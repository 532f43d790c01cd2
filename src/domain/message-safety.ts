/**
 * What a message must not do to its reader: ask them to pay outside the product, where the
 * product's held money cannot protect them (the common car-sale scams: wire transfers, gift cards,
 * payment apps, crypto), or hide where a link leads. Messages are shown as text, never as HTML,
 * so a link is only ever a URL typed in full: it is shown with the site it really goes to.
 */

const OFF_PLATFORM = [
  /\bwire\s*transfer/i,
  /\bwire\s+(?:me|you|us|it|the\s+(?:money|funds|deposit|payment)|money|funds|a\s+deposit|\$)/i,
  /\bwestern\s*union\b/i,
  /\bmoney\s*gram\b/i,
  /\bgift\s*cards?\b/i,
  /\b(?:itunes|apple|google\s*play|steam|amazon|ebay)\s*(?:gift\s*)?cards?\b/i,
  /\b(?:zelle|venmo|cash\s*app|cashapp|paypal|revolut|wise\s+transfer|apple\s*pay|google\s*pay)\b/i,
  /\b(?:bank|direct|wire|money)\s+transfer\b/i,
  /\b(?:send|pay|transfer)\b.*\b(?:to|into)\s+(?:my|your)\s+(?:bank\s+)?account\b/i,
  /\b(?:bitcoin|btc|ethereum|eth|usdt|tether|crypto(?:currency)?|wallet\s+address)\b/i,
  /\b(?:bank|account)\s+(?:details|number)\b.*\b(?:send|pay|transfer)\b/i,
  /\b(?:pay|send|transfer)\b.*\b(?:outside|off)\s+(?:the\s+)?(?:app|platform|caramel|site)\b/i,
  /\b(?:cashier['’]?s?\s+check|money\s+order)\b/i,
];

/** Whether `text` asks to move money some way other than the product's own payment step. */
export function asksToPayOffPlatform(text: string): boolean {
  return OFF_PLATFORM.some((pattern) => pattern.test(text));
}

export type TextPart = { type: 'text'; text: string } | { type: 'link'; href: string; host: string };

const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/gi;

/**
 * `text` split into plain text and links (http and https only), each link with the host it goes
 * to; trailing punctuation stays text. Anything else is text, shown as typed.
 */
export function textParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let from = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const raw = match[0].replace(/[.,;:!?)\]]+$/, '');
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      continue;
    }
    if (match.index > from) parts.push({ type: 'text', text: text.slice(from, match.index) });
    parts.push({ type: 'link', href: url.href, host: url.host });
    from = match.index + raw.length;
  }
  if (from < text.length) parts.push({ type: 'text', text: text.slice(from) });
  return parts;
}
