/**
 * The end of a done step whose choice can still change (financing, protection): while the status
 * takes the change, a button opens the step's change panel (at once when the price breakdown's
 * edit link asked, `?change=1`); once it cannot, a sentence says why.
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '../../ui/button';

export function ChangeChoice({
  changeable,
  what,
  label,
  panel,
}: {
  /** Whether the transaction's status still takes a change. */
  changeable: boolean;
  /** What can change, as the sentence's subject: "how you pay", "your plan". */
  what: string;
  label: string;
  panel: (done: () => void) => ReactNode;
}) {
  const [search] = useSearchParams();
  const [changing, setChanging] = useState(search.get('change') === '1');
  if (!changeable)
    return (
      <p className="help mt-2">
        This step is complete. {what[0]!.toUpperCase() + what.slice(1)} can no longer change: the amount due at signing was fixed when you
        reviewed the price breakdown.
      </p>
    );
  if (changing) return panel(() => setChanging(false));
  return (
    <>
      <p className="help mt-2">This step is complete. You can change {what} until you review the price breakdown before paying.</p>
      <Button variant="outlined" className="mt-3" onClick={() => setChanging(true)}>
        {label}
      </Button>
    </>
  );
}
