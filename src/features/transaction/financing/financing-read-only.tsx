/**
 * The financing step once done: how the buyer pays, and — until they acknowledge the price
 * breakdown, which fixes the amount due at signing — a way to change it (another offer, or cash).
 */
import { formatCents } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { ChangeChoice } from '../change-choice';
import { useTransactionContext } from '../transaction-context';
import { PayCash } from './financing-views';
import { OfferList } from './offer-list';

function ChangeFinancing({ onDone }: { onDone: () => void }) {
  const { detail } = useTransactionContext();
  const { offers, payingCash } = detail.data.financing;
  return (
    <section aria-labelledby="change-financing" className="mt-5">
      <h2 id="change-financing" className="title is-5">
        Change how you pay
      </h2>
      {offers.length ? (
        <OfferList onChosen={onDone} />
      ) : (
        <p className="mb-4">
          You chose to pay cash before applying for a loan. Loan offers need an application, which is made before the protection step;
          contact support if you now need financing.
        </p>
      )}
      <div className="buttons mt-4">
        {!payingCash && <PayCash label="Pay cash instead" onChosen={onDone} />}
        <Button variant="text" onClick={onDone}>
          Keep my choice
        </Button>
      </div>
    </section>
  );
}

export function FinancingReadOnly() {
  const { detail } = useTransactionContext();
  const { financing } = detail.data;
  const offer = financing.offers.find((candidate) => candidate.id === financing.chosenOfferId);
  return (
    <section aria-labelledby="financing-done">
      <h1 id="financing-done" className="title is-4">
        Financing
      </h1>
      {offer ? (
        <p>
          Financed by <strong>{offer.lender}</strong>: {formatCents(offer.monthlyPaymentCents)}/month for {offer.months} months at{' '}
          {offer.apr}% APR.
        </p>
      ) : (
        <p>You are paying cash: the full amount is due at signing.</p>
      )}
      <ChangeChoice
        changeable={detail.allowedEvents.includes('finance skipped')}
        what="how you pay"
        label="Change financing"
        panel={(done) => <ChangeFinancing onDone={done} />}
      />
    </section>
  );
}
