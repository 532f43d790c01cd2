/**
 * The counteroffer form an offer's receiver gets (the offers dashboard, an offer card in a deal's
 * thread): an amount in whole dollars, checked as typed, sent or given up.
 */
import { useState } from 'react';
import { parseWholeNumber, typedDollars } from '../domain/offer-fields';
import { Button } from './button';
import { CurrencyField } from './form/text-field';

export function CounterofferForm({
  label,
  onCounter,
  onCancel,
  className,
}: {
  /** The form's accessible name ("Counteroffer for the 2005 Buick"). */
  label: string;
  onCounter: (amountDollars: number) => void;
  onCancel: () => void;
  className?: string;
}) {
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const checked = typedDollars('amount').safeParse(amount);
    if (!checked.success) return setProblem(checked.error.issues[0]!.message);
    onCounter(parseWholeNumber(checked.data));
  };
  return (
    <form className={className} onSubmit={submit} noValidate aria-label={label}>
      <CurrencyField
        label="Your counteroffer"
        value={amount}
        error={problem}
        autoFocus
        onChange={(event) => setAmount(event.target.value)}
      />
      <div className="buttons">
        <Button type="submit" size="small">
          Send counteroffer
        </Button>
        <Button size="small" variant="text" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
