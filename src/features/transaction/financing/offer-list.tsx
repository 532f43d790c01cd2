/** The loan offers a buyer has, each with what it costs and a button to choose it. */
import { formatCents } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext } from '../transaction-context';

export function OfferList({ onChosen }: { onChosen?: () => void }) {
  const { detail, pending, act } = useTransactionContext();
  const { offers, chosenOfferId } = detail.data.financing;
  const choosing = isPending(pending, 'finance done');
  return (
    <ul className="loan-offers">
      {offers.map((offer) => (
        <li key={offer.id} className="box">
          <h2 className="title is-5 mb-2">{offer.lender}</h2>
          <p className="is-size-4 has-text-weight-semibold">{formatCents(offer.monthlyPaymentCents)}/month</p>
          <p className="mb-3">
            {offer.apr}% APR · {offer.months} months · {formatCents(offer.amountFinancedCents)} financed ·{' '}
            {formatCents(offer.downPaymentDollars * 100)} down · total interest{' '}
            {formatCents(offer.monthlyPaymentCents * offer.months - offer.amountFinancedCents)}
          </p>
          {offer.id === chosenOfferId ? (
            <span className="tag is-success is-light">Your choice</span>
          ) : (
            <Button
              onClick={() => {
                void act('finance done', { offerId: offer.id });
                onChosen?.();
              }}
              disabled={choosing}
              aria-label={`Choose ${offer.lender}`}
            >
              Choose this loan
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
