/** `/transaction/payment/success`: the payment is authorised (or the payout account set); what happens to the money, and what is next. */
import { Link } from 'react-router-dom';
import { useBankAccounts } from '../../../data/api/bank-accounts';
import { accountLabel } from '../../../domain/bank-accounts';
import { formatCents } from '../../../domain/pricing';
import { Alert } from '../../../ui/alert';
import { MoneyTimelineView } from '../../../ui/money/money-timeline';
import { useTransactionContext } from '../transaction-context';

export function Component() {
  const { detail } = useTransactionContext();
  const buyer = detail.side === 'buyer';
  const cents = detail.data.payment.authorizedCents ?? 0;
  // Until the server has the choice, the account is named from the party's own list.
  const chosen = useBankAccounts().accounts?.find((candidate) => candidate.id === detail.data.payment.accountId);
  const named = detail.bankAccount ?? chosen;
  const account = named ? accountLabel(named) : 'your linked account';
  // The payment screen comes here first and records the choice a moment later: until the copy holds it, say so.
  if (detail.steps.find(({ step }) => step === 'payment')?.state !== 'done')
    return (
      <section aria-labelledby="paid" aria-busy="true">
        <title>Payment · Your transaction</title>
        <h1 id="paid" className="title is-4">
          {buyer ? 'Saving your payment…' : 'Saving your payout account…'}
        </h1>
        <p className="mb-4">
          It is kept on this device first and sent as soon as you are online.{' '}
          <Link to={`/transaction/payment?transaction=${detail.id}`}>Back to the payment step</Link>
        </p>
      </section>
    );
  return (
    <section aria-labelledby="paid">
      <title>Payment · Your transaction</title>
      <h1 id="paid" className="title is-4">
        {buyer ? 'Payment authorised' : 'Payout account saved'}
      </h1>
      {detail.data.payment.returned ? (
        <Alert kind="danger" title="Your bank returned the payment">
          {detail.data.payment.returned.reason}. <Link to={`/transaction/payment?transaction=${detail.id}`}>Pay again</Link>
        </Alert>
      ) : (
        <p className="mb-4">
          {buyer
            ? `We are taking ${formatCents(cents)} from ${account}. Banks take a day or two to move it; we hold it until the title and the car are handed over.`
            : `Your payout goes to ${account}.${cents ? ` We are taking the ${formatCents(cents)} you bring from it.` : ''}`}
        </p>
      )}
      <MoneyTimelineView money={detail.money} />
      <Link className="button is-primary mt-4" to={`/transaction/signature?transaction=${detail.id}`}>
        Next: sign your documents
      </Link>
    </section>
  );
}
