import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../data/api/api-client';
import { connectivity } from '../../data/device/connectivity';
import { problemText } from '../../data/api/problem-words';
import { startBankLink, type BankAccountsState } from '../../data/api/bank-accounts';
import type { BankAccount } from '../../domain/bank-accounts';
import { Alert } from '../alert';
import { Button } from '../button';
import { MicroDepositsForm } from './micro-deposits-form';

/** Starts a bank link that comes back to the page the user is on. */
export function LinkBankButton({
  variant = 'primary',
  children = 'Link a bank account',
}: {
  variant?: 'primary' | 'outlined';
  children?: string;
}) {
  const { pathname, search } = useLocation();
  const { online } = useSnapshot(connectivity);
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string>();
  async function link() {
    setLeaving(true);
    try {
      await startBankLink(`${pathname}${search}`);
    } catch (failure) {
      setLeaving(false);
      setError(failure instanceof ApiError ? failure.reason : 'The bank link is unavailable right now. Try again in a moment.');
    }
  }
  return (
    <>
      <Button variant={variant} onClick={() => void link()} loading={leaving} disabled={!online}>
        {children}
      </Button>
      {!online && <p className="help">Linking a bank needs a connection.</p>}
      {error && <p className="help is-danger">{error}</p>}
    </>
  );
}

const describe = (account: BankAccount) => `${account.institution} · ${account.name} ••${account.mask}`;

/**
 * The user's linked accounts to pick one from (only verified ones can move money, and not one whose
 * bank `returned` a payout), a way to confirm one waiting for its micro-deposits, and a way to link another.
 */
export function AccountChooser({
  state,
  legend,
  selected,
  onSelect,
  returned,
}: {
  state: BankAccountsState;
  legend: string;
  selected: string | undefined;
  onSelect: (id: string) => void;
  returned?: string;
}) {
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
    <fieldset className="field">
      <legend className="label">{legend}</legend>
      {accounts.length === 0 && <p className="mb-3">You have no bank account linked yet.</p>}
      <ul className="mb-3">
        {accounts.map((account) => (
          <li key={account.id} className="box p-3 mb-2">
            {account.id === returned ? (
              <>
                <p className="has-text-weight-semibold">{describe(account)}</p>
                <p className="help is-danger">This bank returned your payout. Choose another account, or link one.</p>
              </>
            ) : account.status === 'verified' ? (
              <label className="radio ui-choice">
                <input type="radio" name="bank-account" checked={selected === account.id} onChange={() => onSelect(account.id)} />
                <span>{describe(account)}</span>
              </label>
            ) : (
              <>
                <p className="has-text-weight-semibold">{describe(account)}</p>
                {account.status === 'pending verification' ? (
                  <MicroDepositsForm account={account} onConfirmed={reload} />
                ) : (
                  <p className="help is-danger">We could not confirm this account. Link it again, or link another.</p>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
      <LinkBankButton variant={accounts.length ? 'outlined' : 'primary'}>
        {accounts.length ? 'Link another account' : 'Link a bank account'}
      </LinkBankButton>
    </fieldset>
  );
}
