/**
 * What happens now for this party, once their steps are done (SPEC §2.4 whats-next): payment
 * timing, the title transfer, registration and plates, insurance — with the dates known so far.
 */
import { formatCents } from '../../../domain/pricing';
import type { TransactionDetail } from '../../../domain/transaction-contract';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/** Where the seller's payout stands: both parts to come, one paid, or all of it paid (from their money list). */
function payoutText(detail: TransactionDetail): string {
  const parts = detail.money.items.filter((item) => /^Your (first|second) payout/.test(item.label));
  const paid = parts.filter((item) => item.state === 'settled');
  const total = detail.payout ? `${formatCents(detail.payout.payoutCents)} reaches` : 'Your payout reaches';
  if (parts.length === 2 && paid.length === 2)
    return `Your payout is paid: ${paid.map((item) => `${formatCents(item.cents)}${item.at ? ` on ${day(item.at)}` : ''}`).join(' and ')}.`;
  if (paid.length === 1) {
    const rest = parts.find((item) => item.state !== 'settled');
    return `The first part, ${formatCents(paid[0]!.cents)}, is paid${paid[0]!.at ? ` (${day(paid[0]!.at)})` : ''}; the rest${rest ? `, ${formatCents(rest.cents)},` : ''} once delivery is confirmed.`;
  }
  return `${total} your bank in two parts: when our title desk has the title, and once the buyer confirms delivery (or 48 hours after the handover with no problem raised).`;
}

function sellerItems(detail: TransactionDetail): { title: string; text: string }[] {
  const signed = detail.timeline.findLast((entry) => entry.event === 'signatures collected')?.at;
  return [
    { title: 'Your payment', text: payoutText(detail) },
    {
      title: 'The title transfer',
      text: `${signed ? `Signed ${day(signed)}. ` : ''}Our title desk files the transfer with the state within 5 business days and e-mails you when it is recorded.`,
    },
    { title: 'Plates', text: 'Most states keep plates with the seller: take them off at handover unless your state says otherwise.' },
    { title: 'Insurance', text: 'Keep the car insured until it is handed over, then cancel or move your policy.' },
  ];
}

/** A dealer after signing: their customer's part, then the loan, their payment and the title. */
function dealerItems(detail: TransactionDetail): { title: string; text: string }[] {
  const [payment, title] = sellerItems(detail);
  return [
    {
      title: 'Your customer',
      text: 'They are e-mailed now to review the price breakdown with the loan terms, pay what is due, check their ID and sign; the sale closes once they have.',
    },
    { title: 'The loan', text: `${detail.priceBreakdown?.financing?.lender ?? 'The lender'} funds it once both of you have signed.` },
    { ...payment!, text: payment!.text.replace('your bank', 'your dealership’s account on file') },
    title!,
  ];
}

function buyerItems(detail: TransactionDetail): { title: string; text: string }[] {
  const state = detail.data.identity.address?.state;
  return [
    {
      title: 'Your payment',
      text:
        detail.money.totals.held === 0 && detail.money.totals.released > 0
          ? 'Your payment has been paid out by the rules you agreed: the seller, and the taxes, fees and services it covered.'
          : detail.priceBreakdown
            ? `${formatCents(detail.priceBreakdown.dueAtSigningCents)} is held safely until the title is in and you confirm delivery.`
            : 'Your payment is held safely until the title is in and you confirm delivery.',
    },
    { title: 'The title', text: 'It comes to you in your name once the state records the transfer, usually within 4 weeks.' },
    {
      title: 'Registration and plates',
      text: `We register the car in ${state ?? 'your state'}; temporary plates come with the car and permanent ones by mail.`,
    },
    {
      title: 'Insurance',
      text: detail.data.insurance.policyNumber
        ? `Your policy ${detail.data.insurance.policyNumber} starts the day you take the car.`
        : 'Have your insurance start the day you take the car.',
    },
  ];
}

export function WhatsNext({ detail }: { detail: TransactionDetail }) {
  const items =
    detail.flow === 'dealer-financing' ? dealerItems(detail) : detail.side === 'seller' ? sellerItems(detail) : buyerItems(detail);
  return (
    <section aria-labelledby="whats-next" className="has-text-left">
      <h2 id="whats-next" className="title is-5">
        What happens next
      </h2>
      <ol className="whats-next">
        {items.map((item) => (
          <li key={item.title} className="mb-3">
            <strong>{item.title}.</strong> {item.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
