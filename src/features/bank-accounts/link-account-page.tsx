import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../data/api/api-client';
import { finishBankLink, removeBankAccount, useBankAccounts } from '../../data/api/bank-accounts';
import { problemText } from '../../data/api/problem-words';
import { accountLabel, type BankAccount } from '../../domain/bank-accounts';
import { isOwnPath } from '../../domain/return-target';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';
import { LinkBankButton } from '../../ui/bank-accounts/account-chooser';
import { MicroDepositsForm } from '../../ui/bank-accounts/micro-deposits-form';

/**
 * `/link-account` (auth): the bank accounts linked to pay for a car or be paid for one. The bank
 * link's hosted page comes back here: the public token it hands over is exchanged, then the user
 * goes back to where they started (the payment step, or this list).
 */
export function Component() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useBankAccounts();
  const { reload } = state;
  const [problem, setProblem] = useState<string>();
  const finishing = useRef(false);
  const returnTo = params.get('return');
  const back = returnTo && isOwnPath(returnTo) && returnTo !== '/link-account' ? returnTo : null;

  const left = params.get('error') === 'cancelled';
  useEffect(() => {
    const publicToken = params.get('public_token');
    const linkToken = params.get('link_token');
    if (!publicToken || !linkToken || finishing.current) return;
    finishing.current = true;
    finishBankLink(publicToken, linkToken).then(
      (account) => {
        showToast(
          account.status === 'verified'
            ? `${accountLabel(account)} is linked.`
            : `${accountLabel(account)} is linked: confirm its deposits.`,
          'success',
        );
        navigate(back ?? '/link-account', { replace: true });
      },
      (failure: Error) => {
        setProblem(failure instanceof ApiError ? failure.reason : 'We could not finish linking your bank. Try again.');
        reload();
      },
    );
  }, [params, navigate, back, reload]);

  return (
    <section aria-labelledby="bank-accounts">
      <title>Bank accounts</title>
      <h1 id="bank-accounts" className="title is-3">
        Bank accounts
      </h1>
      <p className="mb-4">
        A linked bank account pays for a car you buy, or receives the money for one you sell. We never see your bank password: you sign in
        with your bank, and it shares only the account you choose.
      </p>
      {(problem || left) && (
        <Alert kind="warning" title="No account was linked">
          {problem ?? 'You left the bank link before choosing an account, so nothing was linked.'}
        </Alert>
      )}
      {back && (
        <p className="mb-4">
          <Link to={back}>Back to your payment</Link>
        </p>
      )}
      <AccountList state={state} />
    </section>
  );
}

function AccountList({ state }: { state: ReturnType<typeof useBankAccounts> }) {
  const { accounts, error, reload } = state;
  if (error)
    return (
      <Alert kind="warning" title="Your bank accounts did not load">
        {problemText(error, 'your bank accounts')}{' '}
        <Button variant="text" className="is-wrapping" onClick={reload}>
          Try again
        </Button>
      </Alert>
    );
  if (!accounts) return <p role="status">Loading your bank accounts…</p>;
  return (
    <>
      {accounts.length === 0 ? (
        <div className="box has-text-centered" role="status">
          <p className="has-text-weight-semibold">No bank accounts linked yet.</p>
          <p className="help">Link one now, or when you reach the payment step of a sale.</p>
        </div>
      ) : (
        <ul aria-label="Linked bank accounts" className="mb-4">
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} onChanged={reload} />
          ))}
        </ul>
      )}
      <LinkBankButton variant={accounts.length ? 'outlined' : 'primary'}>
        {accounts.length ? 'Link another account' : 'Link a bank account'}
      </LinkBankButton>
    </>
  );
}

const STATUS_TEXT: Record<BankAccount['status'], string> = {
  verified: 'Ready to use',
  'pending verification': 'Confirm its two deposits to use it',
  'verification failed': 'Could not be confirmed: link it again',
};

function AccountRow({ account, onChanged }: { account: BankAccount; onChanged: () => void }) {
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string>();
  async function remove() {
    setRemoving(true);
    try {
      await removeBankAccount(account.id);
      showToast(`${accountLabel(account)} was removed.`, 'success');
      onChanged();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.reason : 'We could not remove it. Try again when you are online.');
      setRemoving(false);
    }
  }
  return (
    <li className="box" aria-label={accountLabel(account)}>
      <div className="is-flex is-justify-content-space-between is-align-items-start is-flex-wrap-wrap" style={{ gap: '0.5rem' }}>
        <div>
          <p className="has-text-weight-semibold">{account.institution}</p>
          <p>
            {account.name} ({account.type}) ••{account.mask}
          </p>
          <p className="help">{STATUS_TEXT[account.status]}</p>
        </div>
        <Button
          variant="text"
          className="is-wrapping"
          onClick={() => void remove()}
          loading={removing}
          aria-label={`Remove ${accountLabel(account)}`}
        >
          Remove
        </Button>
      </div>
      {error && <p className="help is-danger">{error}</p>}
      {account.status === 'pending verification' && <MicroDepositsForm account={account} onConfirmed={onChanged} />}
    </li>
  );
}
