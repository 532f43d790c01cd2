/**
 * `/transaction/greenLightPause` (SPEC §4.4 vehicle verification "pause"): the title desk could not
 * square the VIN plate or the odometer with the car's record. What is being checked, what the
 * seller can do — authorise Caramel to act as their agent for the title transfer — and that
 * nothing they did is lost.
 */
import { Link } from 'react-router-dom';
import { buttonClass } from '../../../ui/button';
import { useTransactionContext } from '../transaction-context';

export function Component() {
  const { detail } = useTransactionContext();
  const { review, agentAuthorization } = detail.data.title;
  return (
    <section aria-labelledby="pause">
      <title>Vehicle check paused · Your transaction</title>
      <h1 id="pause" className="title is-4">
        We paused the vehicle check
      </h1>
      <div className="notification is-warning is-light">
        <p className="has-text-weight-semibold mb-1">What we found</p>
        <p>{review?.reason ?? 'The title desk needs a closer look at the vehicle.'}</p>
      </div>
      <h2 className="title is-6">What happens now</h2>
      <ul className="ui-checklist mb-4">
        <li>Nothing you have done is lost: your photos, your title details and your deal stay as they are.</li>
        <li>
          Our title desk sorts this out with the state on your behalf — an odometer disclosure or a VIN inspection — once you authorise
          Caramel to act as your agent for the title transfer.
        </li>
        <li>The buyer is told the title is being checked; the sale goes on as soon as it clears.</li>
      </ul>
      {agentAuthorization ? (
        <p>
          You authorised Caramel on{' '}
          {agentAuthorization.signedAt ? new Date(agentAuthorization.signedAt).toLocaleDateString('en-US') : 'this device'}; the title desk
          is checking again.
        </p>
      ) : (
        <div className="buttons">
          <Link to={`/transaction/pause/agent-authorization?transaction=${detail.id}`} className={buttonClass({})}>
            Authorise Caramel to act for me
          </Link>
          <Link to="/help" className={buttonClass({ variant: 'text' })}>
            Ask us about it
          </Link>
        </div>
      )}
    </section>
  );
}
