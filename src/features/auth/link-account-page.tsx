import { Link } from 'react-router-dom';
import { Icon } from '../../ui/icon';
import { BankIcon } from '../../ui/icons';
import { AuthHeading } from './auth-heading';

/**
 * `/link-account` (auth): the bank accounts linked for payments and payouts. Linking goes
 * through the bank-link provider, which is not connected in this release, so the screen says so
 * plainly instead of offering a button that cannot work.
 */
export function Component() {
  return (
    <>
      <AuthHeading title="Linked bank accounts">
        A linked bank account lets you pay for a car, or receive the money when you sell one, without sharing card details.
      </AuthHeading>
      <div className="box has-text-centered" role="status">
        <p className="mb-2">
          <Icon icon={BankIcon} size="2em" />
        </p>
        <p className="has-text-weight-semibold">No bank accounts linked yet.</p>
        <p className="help">Bank linking opens when you reach the payment step of a deal. You will be asked to link an account there.</p>
      </div>
      <p className="has-text-centered">
        <Link to="/account">Back to your account</Link>
      </p>
    </>
  );
}
