/**
 * What happens next on this side of the deal, and who does it (src/domain/next-step.ts): shown
 * wherever the party is not already at it — a success page, a step they read back, a screen
 * that waits — so no step a sale waits on is out of reach. A deadline reads in the party's time.
 */
import { Link, useLocation } from 'react-router-dom';
import { deadlineText } from '../domain/sale-state';
import { waitingOnText, type TransactionDetail } from '../domain/transaction-contract';
import { buttonClass } from './button';

export function NextStepCallout({ detail }: { detail: TransactionDetail }) {
  const { pathname } = useLocation();
  const next = detail.next;
  if (!next) return null;
  const there = next.action && new URL(next.action.to, 'https://app.invalid').pathname === pathname;
  if (there) return null;
  return (
    <div className={`notification ${next.who === 'you' ? 'is-primary is-light' : 'is-light'} next-step`} role="status">
      <p className="has-text-weight-semibold mb-1">{next.who === 'you' ? 'Your turn' : `Waiting on ${waitingOnText(next.who)}`}</p>
      <p>
        {next.text}
        {next.deadline && (
          <>
            {' '}
            <strong>
              By <time dateTime={next.deadline}>{deadlineText(next.deadline)}</time>.
            </strong>
          </>
        )}
      </p>
      {next.action && (
        <Link className={`${buttonClass({ size: 'small' })} mt-2`} to={next.action.to}>
          {next.action.label}
        </Link>
      )}
    </div>
  );
}
