/**
 * `/transaction/payment`: the price breakdown (or the seller's payout) to review and accept, then
 * the bank account to pay from or be paid into; read-only once done, with the money as it stands.
 */
import { accountLabel } from '../../../domain/bank-accounts';
import { formatCents, taxAwaitsAddress } from '../../../domain/pricing';
import { refreshTransaction } from '../../../data/records/transactions';
import { RegistrationAddress } from '../../../ui/form/registration-address';
import { Button } from '../../../ui/button';
import { BreakdownTable } from '../../../ui/money/breakdown-table';
import { MoneyTimelineView } from '../../../ui/money/money-timeline';
import { PayoutTable } from '../../../ui/money/payout-table';
import { ReturnedPayout } from '../../../ui/money/returned-payout';
import { isPending, stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { PayFrom } from './pay-from';
import { RegisteredOwnersForm } from './registered-owners-form';
import { choosesTransport } from '../../../domain/transaction-transitions';

/** The breakdown to accept: it fixes the amount due (financing, protection and transport no longer change). */
function Review() {
  const { detail, pending, act } = useTransactionContext();
  const buyer = detail.side === 'buyer';
  if (detail.dealer && !detail.dealer.signed) return <DealerPreparing name={detail.dealer.name} />;
  return (
    <section aria-labelledby="review">
      <h1 id="review" className="title is-4">
        {buyer ? 'Review your price breakdown' : 'Your payout'}
      </h1>
      <p className="mb-3">
        {buyer
          ? choosesTransport(detail.flow)
            ? 'Check every line before you pay. Once you accept it, the amount due at signing is fixed: financing, protection and transport can no longer change.'
            : 'Check every line before you pay: it is what you agreed, and the amount due at signing is what you authorise next.'
          : 'Your title is approved. This is what reaches your bank: half when our title desk has the signed title, the rest once the buyer confirms delivery. Check it before you go on.'}
      </p>
      {buyer ? (
        <BreakdownTable breakdown={detail.priceBreakdown!} transportToChoose={choosesTransport(detail.flow)} />
      ) : (
        <PayoutTable payout={detail.payout!} />
      )}
      {/* A buyer who has not said where the car is registered (a partner's buyer pays first): its taxes need the state. */}
      {buyer && taxAwaitsAddress(detail.priceBreakdown!) ? (
        <RegistrationAddress onSaved={() => void refreshTransaction(detail.id).catch(() => undefined)} />
      ) : (
        <Button onClick={() => void act('price breakdown acknowledge')} loading={isPending(pending, 'price breakdown acknowledge')}>
          {buyer ? `Accept and pay ${formatCents(detail.priceBreakdown!.dueAtSigningCents)}` : 'This looks right'}
        </Button>
      )}
    </section>
  );
}

/** A dealer's customer: their part opens once the dealer has signed, so the figures they accept are final. */
function DealerPreparing({ name }: { name: string }) {
  return (
    <section aria-labelledby="dealer-preparing">
      <h1 id="dealer-preparing" className="title is-4">
        {name} is preparing your sale
      </h1>
      <p className="mb-3">
        Your dealer is arranging the loan, the products and getting the car to you, then signs. You will get an e-mail as soon as it is
        ready for you: you then review the price breakdown with your loan terms, pay what is due and sign.
      </p>
      <p>This page follows by itself; nothing is needed from you now.</p>
    </section>
  );
}

function ReadOnly() {
  const { detail } = useTransactionContext();
  const buyer = detail.side === 'buyer';
  return (
    <section aria-labelledby="payment-done">
      <h1 id="payment-done" className="title is-4">
        {buyer ? 'Payment authorised' : 'Payout account chosen'}
      </h1>
      <ReturnedPayout detail={detail} />
      <dl className="ui-facts">
        <dt>{buyer ? 'Paid from' : 'Paid into'}</dt>
        <dd>{detail.bankAccount ? accountLabel(detail.bankAccount) : 'Your linked account'}</dd>
        {detail.data.payment.authorizedCents ? (
          <>
            <dt>Amount</dt>
            <dd>{formatCents(detail.data.payment.authorizedCents)}</dd>
          </>
        ) : null}
      </dl>
      <MoneyTimelineView money={detail.money} />
    </section>
  );
}

const VIEWS: StepViews<'payment'> = {
  loading: Review,
  'price breakdown': Review,
  'link bank account': PayFrom,
  'registered owners form': RegisteredOwnersForm,
  'entity docs': RegisteredOwnersForm,
  success: ReadOnly,
  'read only': ReadOnly,
};

export function Component() {
  const { detail } = useTransactionContext();
  const View = VIEWS[stepView(detail, 'payment', 'price breakdown')];
  return (
    <>
      <title>Payment · Your transaction</title>
      <View />
    </>
  );
}
