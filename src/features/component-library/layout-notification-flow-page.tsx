import { Link } from 'react-router-dom';
import { buttonClass } from '../../ui/button';
import { NotificationFlowLayout } from '../../ui/layout/notification-flow-layout';

export function Component() {
  return (
    <NotificationFlowLayout>
      <title>Notification flow layout · Component library</title>
      <h1 className="title is-3">You made a deal</h1>
      <p className="mb-5">
        Jordan accepted your offer of $17,900 for the 2019 Honda Civic EX. Next, verify your identity so the paperwork can start.
      </p>
      <Link to="/component-library" className={buttonClass({ variant: 'primary' })}>
        Continue
      </Link>
    </NotificationFlowLayout>
  );
}
