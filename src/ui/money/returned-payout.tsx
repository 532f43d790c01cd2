import { useState } from 'react';
import { useBankAccounts } from '../../data/api/bank-accounts';
import { queueAction } from '../../data/outbox/outbox';
import type { TransactionDetail } from '../../domain/transaction-contract';
import { formatCents } from '../../domain/pricing';
import { Alert } from '../alert';
import { Button } from '../button';
import { AccountChooser } from '../bank-accounts/account-chooser';

/**
 * For a seller whose bank returned their payout: why, and another account to send it to (Caramel
 * holds the money meanwhile). Renders nothing while no payout is returned.
 */
export function ReturnedPayout({ detail }: { detail: TransactionDetail }) {
  const returned = detail.payoutReturned;
  const accounts = useBankAccounts();
  const [selected, setSelected] = useState<string>();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  if (!returned || !detail.allowedEvents.includes('payout account changed')) return null;

  async function send() {
    const account = accounts.accounts?.find((candidate) => candidate.id === selected);
    if (!account || account.id === detail.bankAccount?.id || account.status !== 'verified')
      return setError('Choose the account to be paid into.');
    setError(undefined);
    setSending(true);
    try {
      await queueAction(detail.id, 'payout account changed', { accountId: selected });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="returned-payout" className="mb-5">
      <h2 id="returned-payout" className="title is-5">
        Your payout came back
      </h2>
      <Alert kind="danger" title="Your bank returned your payout">
        {returned.reason}. Caramel holds the {formatCents(returned.cents)} safely until you choose another account.
      </Alert>
      <AccountChooser state={accounts} legend="Send it to" selected={selected} onSelect={setSelected} returned={detail.bankAccount?.id} />
      {error && (
        <p className="help is-danger mb-2" role="alert">
          {error}
        </p>
      )}
      <Button onClick={() => void send()} loading={sending}>
        Send my payout here
      </Button>
    </section>
  );
}
