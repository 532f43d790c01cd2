import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useBankAccounts } from '../../../data/api/bank-accounts';
import { accountLabel } from '../../../domain/bank-accounts';
import { OWNER_ROLES } from '../../../domain/payment-events';
import { formatCents } from '../../../domain/pricing';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CheckboxField } from '../../../ui/form/choice-fields';
import { AccountChooser } from '../../../ui/bank-accounts/account-chooser';
import { isPending, useTransactionContext } from '../transaction-context';

/** Who goes on the title and registration, as saved (the buyer alone unless they added people). */
function OwnersSummary() {
  const { detail } = useTransactionContext();
  const owners = detail.data.payment.owners;
  return (
    <section aria-labelledby="owners" className="mb-5">
      <h2 id="owners" className="title is-5">
        On the title
      </h2>
      <p className="mb-2">
        {owners?.buyingAs === 'business' && owners.business ? `${owners.business.legalName} (a business)` : 'You'}
        {owners?.owners.map((owner) => `, ${owner.firstName} ${owner.lastName} (${OWNER_ROLES[owner.role].split(' (')[0]!.toLowerCase()})`)}
      </p>
      <Link to={`/transaction/payment/registered-owners-details?transaction=${detail.id}`}>
        {owners ? 'Change who goes on the title' : 'Add a co-buyer, another owner or a business'}
      </Link>
    </section>
  );
}

/**
 * The payment step's "link bank account" view. The buyer pays the amount due at signing from a
 * linked account (held by Caramel until the car and title are handed over); the seller chooses
 * the account their payout goes to, and authorises what they bring when the loan is more than the
 * price. A payment the bank returned says why, and this is where it is paid again.
 */
export function PayFrom() {
  const { detail, pending, act } = useTransactionContext();
  const navigate = useNavigate();
  const accounts = useBankAccounts();
  const [chosen, setSelected] = useState<string | undefined>(detail.data.payment.accountId ?? undefined);
  // One account that can move money (as when the person just linked their first) is the one they mean: chosen for them.
  const usable = accounts.accounts?.filter((candidate) => candidate.status === 'verified');
  const selected = chosen ?? (usable?.length === 1 ? usable[0]!.id : undefined);
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<string>();
  const buyer = detail.side === 'buyer';
  const cents = buyer ? detail.priceBreakdown!.dueAtSigningCents : detail.payout!.bringCents;
  const account = accounts.accounts?.find((candidate) => candidate.id === selected && candidate.status === 'verified');
  const returned = detail.data.payment.returned;

  async function authorise() {
    if (!account) return setError(buyer ? 'Choose the account to pay from.' : 'Choose the account to be paid into.');
    if (cents > 0 && !agreed) return setError(`Authorise the payment of ${formatCents(cents)} to go on.`);
    // On the success screen first (its route loads lazily): the queued action moves the status on at
    // once, and a party still on the payment screen then would be taken past it (the shell follows the status).
    await navigate(`/transaction/payment/success?transaction=${detail.id}`);
    await act('bank linked', { accountId: account.id, authorizedCents: cents });
  }

  return (
    <section aria-labelledby="pay">
      <h1 id="pay" className="title is-4">
        {buyer ? `Pay ${formatCents(cents)}` : 'Where should we pay you?'}
      </h1>
      {returned && (
        <Alert kind="danger" title="Your bank returned the payment">
          {returned.reason} ({returned.code}). Nothing was taken. Choose another account, or make sure the money is there, and authorise it
          again.
        </Alert>
      )}
      <p className="mb-4">
        {buyer
          ? 'This is what is due at signing. Caramel holds it, and pays the seller only as the title and the car are handed over; if the sale is cancelled, it comes back to you.'
          : `Your payout of ${formatCents(detail.payout!.payoutCents)} is paid into this account: half when your title reaches us, the rest once delivery is confirmed.`}
      </p>
      {buyer && <OwnersSummary />}
      <AccountChooser state={accounts} legend={buyer ? 'Pay from' : 'Pay into'} selected={selected} onSelect={setSelected} />
      {cents > 0 && (
        <CheckboxField
          label={`I authorise Caramel to take ${formatCents(cents)} from ${account ? accountLabel(account) : 'the account I chose'} by bank transfer (ACH), once.`}
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
        />
      )}
      {error && (
        <p className="help is-danger mb-2" role="alert">
          {error}
        </p>
      )}
      <Button onClick={() => void authorise()} loading={isPending(pending, 'bank linked')}>
        {cents > 0 ? `Authorise ${formatCents(cents)}` : 'Use this account'}
      </Button>
    </section>
  );
}
