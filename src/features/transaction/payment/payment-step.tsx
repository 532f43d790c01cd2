/**
 * `/transaction/payment`: the price breakdown (or the seller's payout) to review and accept, then
 * the bank account to pay from or be paid into; read-only once done, with the money as it stands.
 */
import { accountLabel } from '../../../domain/bank-accounts';
import { formatCents } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { BreakdownTable } from '../../../ui/money/breakdown-table';
import { MoneyTimelineView } from '../../../ui/money/money-timeline';
import { PayoutTable } from '../../../ui/money/payout-table';
import { isPending, stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { PayFrom } from './pay-from';
import { RegisteredOwnersForm } from './registered-owners-form';

/** The breakdown to accept: it fixes the amount due (financing, protection and transport no longer change). */
function Review() {
  const { detail, pending, act } = useTransactionContext();
  const buyer = detail.side === 'buyer';
  return (
    <section aria-labelledby="review">
      <h1 id="review" className="title is-4">
        {buyer ? 'Review your price breakdown' : 'Your payout'}
      </h1>
      <p className="mb-3">
        {buyer
          ? 'Check every line before you pay. Once you accept it, the amount due at signing is fixed: financing, protection and transport can no longer change.'
          : 'Your title is approved. This is what reaches your bank once the sale closes; check it before you go on.'}
      </p>
      {buyer ? <BreakdownTable breakdown={detail.priceBreakdown!} /> : <PayoutTable payout={detail.payout!} />}
      <Button onClick={() => void act('price breakdown acknowledge')} loading={isPending(pending, 'price breakdown acknowledge')}>
        {buyer ? `Accept and pay ${formatCents(detail.priceBreakdown!.dueAtSigningCents)}` : 'This looks right'}
      </Button>
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
