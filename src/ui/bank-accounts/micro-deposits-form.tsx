import { useState } from 'react';
import { ApiError } from '../../data/api/api-client';
import { confirmDeposits } from '../../data/api/bank-accounts';
import type { BankAccount } from '../../domain/bank-accounts';
import { Button } from '../button';
import { CurrencyField } from '../form/text-field';

const toCents = (text: string) => Math.round(Number(text.replace(/^\$/, '').trim()) * 100);

/** Confirms an account by the two small deposits the bank link sent to it. */
export function MicroDepositsForm({ account, onConfirmed }: { account: BankAccount; onConfirmed: (account: BankAccount) => void }) {
  const [amounts, setAmounts] = useState(['', '']);
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const cents = amounts.map(toCents);
    if (cents.some((value) => !Number.isInteger(value) || value < 1 || value > 99)) {
      setError('Enter both deposits, each between $0.01 and $0.99.');
      return;
    }
    setSending(true);
    try {
      onConfirmed(await confirmDeposits(account.id, cents as [number, number]));
      setError(undefined);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.reason : 'We could not check the amounts. Try again when you are online.');
    } finally {
      setSending(false);
    }
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="mt-2" aria-label={`Confirm deposits to ••${account.mask}`}>
      <p className="help mb-2">
        Two small deposits were sent to this account. Enter their amounts as they appear on your statement to confirm it is yours.
      </p>
      <div className="columns is-mobile">
        {[0, 1].map((index) => (
          <div className="column" key={index}>
            <CurrencyField
              label={index === 0 ? 'First deposit' : 'Second deposit'}
              value={amounts[index]}
              error={index === 0 ? error : undefined}
              onChange={(event) => setAmounts((current) => current.map((value, at) => (at === index ? event.target.value : value)))}
            />
          </div>
        ))}
      </div>
      <Button type="submit" variant="outlined" loading={sending}>
        Confirm deposits
      </Button>
    </form>
  );
}
