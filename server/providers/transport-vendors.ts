/**
 * Delivery quotes from the transport vendors (SPEC §3: runbuggy and acertus), asked of both at
 * once as their quote APIs answer immediately. A vendor that cannot quote (a ZIP it does not
 * serve, or it is down) leaves the other's quotes standing and says why.
 */
import * as z from 'zod/mini';
import { TRANSPORT_VENDORS, VENDOR_NAMES, type TransportQuote, type TransportVendor } from '../../src/domain/transport';

export interface QuoteAsk {
  pickupZip: string;
  dropoffZip: string;
  vehicle: { vin: string; modelYear: number };
}

export interface TransportVendors {
  quotes(ask: QuoteAsk): Promise<{ quotes: TransportQuote[]; unavailable: string[] }>;
}

const quoteAnswer = z.object({
  quotes: z.array(
    z.object({
      quote_id: z.string(),
      service: z.enum(['open', 'enclosed']),
      price_cents: z.number(),
      distance_miles: z.number(),
      pickup_window: z.object({ earliest: z.string(), latest: z.string() }),
      delivery_window: z.object({ earliest: z.string(), latest: z.string() }),
      expires_at: z.string(),
    }),
  ),
});

export function sandboxTransportVendors(sandboxUrl: string): TransportVendors {
  async function ask(vendor: TransportVendor, request: QuoteAsk): Promise<TransportQuote[]> {
    const answer = await fetch(`${sandboxUrl.replace(/\/$/, '')}/transport/${vendor}/quotes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await answer.json()) as { message?: string };
    if (!answer.ok) throw new Error(body.message ?? `answered ${answer.status}`);
    return quoteAnswer.parse(body).quotes.map((quote) => ({
      id: quote.quote_id,
      vendor,
      carrier: quote.service,
      priceCents: quote.price_cents,
      miles: quote.distance_miles,
      pickupWindow: { from: quote.pickup_window.earliest, to: quote.pickup_window.latest },
      deliveryWindow: { from: quote.delivery_window.earliest, to: quote.delivery_window.latest },
      expiresAt: quote.expires_at,
    }));
  }
  return {
    async quotes(request) {
      const answers = await Promise.allSettled(TRANSPORT_VENDORS.map((vendor) => ask(vendor, request)));
      const quotes = answers.flatMap((answer) => (answer.status === 'fulfilled' ? answer.value : []));
      const unavailable = answers.flatMap((answer, index) =>
        answer.status === 'rejected' ? [`${VENDOR_NAMES[TRANSPORT_VENDORS[index]!]}: ${(answer.reason as Error).message}`] : [],
      );
      return { quotes: quotes.sort((a, b) => a.priceCents - b.priceCents), unavailable };
    },
  };
}
