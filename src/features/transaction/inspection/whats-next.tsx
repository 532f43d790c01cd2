/**
 * What happens now for this party, once their steps are done (SPEC §2.4 whats-next): payment
 * timing, the title transfer, registration and plates, insurance — with the dates known so far.
 * The money's words are the delivery panel's (money-words.ts), from the same facts.
 */
import { paymentWords, payoutWords } from '../../../domain/money-words';
import type { TransactionDetail } from '../../../domain/transaction-contract';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

function sellerItems(detail: TransactionDetail): { title: string; text: string }[] {
  const signed = detail.timeline.findLast((entry) => entry.event === 'signatures collected')?.at;
  return [
    { title: 'Your payment', text: payoutWords(detail.money, detail.sale) },
    {
      title: 'The title transfer',
      text: `${signed ? `Signed ${day(signed)}. ` : ''}Our title desk files the transfer with the state within 5 business days and e-mails you when it is recorded.`,
    },
    { title: 'Plates', text: 'Most states keep plates with the seller: take them off at handover unless your state says otherwise.' },
    {
      title: 'Insurance',
      text: detail.delivery.handedOverAt
        ? 'The car is handed over: cancel your policy on it, or move it to your next car.'
        : 'Keep the car insured until it is handed over, then cancel or move your policy.',
    },
  ];
}

/** A dealer after signing: their customer's part, then the loan, their payment and the title. */
function dealerItems(detail: TransactionDetail): { title: string; text: string }[] {
  const [payment, title] = sellerItems(detail);
  return [
    {
      title: 'Your customer',
      text: 'They are e-mailed now to review the price breakdown with the loan terms, pay what is due, check their ID and sign. The sale closes once they have the car and confirm delivery.',
    },
    { title: 'The loan', text: `${detail.priceBreakdown?.financing?.lender ?? 'The lender'} funds it once both of you have signed.` },
    { ...payment!, text: payment!.text.replace('your bank', 'your dealership’s account on file') },
    title!,
  ];
}

function buyerItems(detail: TransactionDetail): { title: string; text: string }[] {
  const state = detail.data.identity.address?.state;
  return [
    { title: 'Your payment', text: paymentWords(detail.money, detail.sale, detail.priceBreakdown?.dueAtSigningCents ?? null) },
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
