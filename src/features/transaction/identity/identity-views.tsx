/** The identity step's smaller views: checking, could not verify / not eligible, address, read-only, seller reports. */
import { Link } from 'react-router-dom';
import { IDENTITY_ATTEMPTS } from '../../../domain/transaction-transitions';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext } from '../transaction-context';
import { WaitingView } from '../waiting-view';
import { AddressForm } from './address-form';
import { ProofUpload } from './proof-upload';

export function Checking() {
  return (
    <WaitingView
      title="Checking your details…"
      waiting="This usually takes a few seconds."
      queued="Your answer is saved on this device and will be checked as soon as you are back online."
    />
  );
}

export function CouldNotVerify() {
  const { detail, pending, act } = useTransactionContext();
  const { declined } = detail.data.identity;
  if (declined >= IDENTITY_ATTEMPTS) {
    return (
      <section aria-labelledby="not-eligible">
        <h1 id="not-eligible" className="title is-4">
          We can't finish this online
        </h1>
        <p className="mb-4">
          Your identity could not be verified after {declined} attempts, so this transaction is not eligible to continue online. Our team
          can verify you by phone or video; your deal stays as it is meanwhile.
        </p>
        <Link to="/help" className="button is-primary">
          Contact support
        </Link>
      </section>
    );
  }
  return (
    <section aria-labelledby="could-not-verify">
      <h1 id="could-not-verify" className="title is-4">
        We could not verify your identity
      </h1>
      <p className="mb-3">This happens most often when a photo is blurry, the ID has expired, or the selfie does not match the ID photo.</p>
      <ul className="mb-4 ui-checklist">
        <li>Use an ID that has not expired, on a dark surface, with all four corners in view</li>
        <li>Avoid glare: tilt the card away from the light</li>
        <li>Take the selfie in good light, without glasses or a hat</li>
      </ul>
      <Button onClick={() => void act('identity retried')} loading={isPending(pending, 'identity retried')}>
        Try again
      </Button>
    </section>
  );
}

export function ConfirmAddress() {
  const { detail, act } = useTransactionContext();
  return (
    <section aria-labelledby="confirm-address">
      <Alert kind="success">Your identity is verified.</Alert>
      <h1 id="confirm-address" className="title is-4">
        Enter your home address
      </h1>
      <p className="mb-4">We check it against your verified identity. It is also where your registration and title documents go.</p>
      <AddressForm
        submitLabel="Confirm address"
        draftKey={`home-address:${detail.id}`}
        onSubmit={(address) => act('address submitted', address)}
      />
    </section>
  );
}

export function ManualAddress() {
  const { detail, act } = useTransactionContext();
  return (
    <section aria-labelledby="manual-address">
      <h1 id="manual-address" className="title is-4">
        We couldn't match that address
      </h1>
      <p className="mb-4">
        Check it for typos and enter the address where you live, not a PO box. If it is right, upload a document that shows it instead.
      </p>
      <AddressForm
        initial={detail.data.identity.address}
        submitLabel="Check this address"
        draftKey={`home-address-again:${detail.id}`}
        onSubmit={(address) => act('address updated', address)}
      />
      <hr />
      <ProofUpload />
    </section>
  );
}

export function IdentityReadOnly() {
  const { detail } = useTransactionContext();
  const { address, pickupAddress } = detail.data.identity;
  const verifiedAt = detail.timeline.findLast((entry) => entry.event === 'identity approved')?.at;
  return (
    <section aria-labelledby="identity-done">
      <h1 id="identity-done" className="title is-4">
        Identity verified
      </h1>
      <dl className="ui-facts">
        {verifiedAt && (
          <>
            <dt>Verified</dt>
            <dd>{new Date(verifiedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}</dd>
          </>
        )}
        {address && (
          <>
            <dt>Home address</dt>
            <dd>
              {address.line1}
              {address.line2 ? `, ${address.line2}` : ''}, {address.city}, {address.state} {address.postalCode}
            </dd>
          </>
        )}
        {pickupAddress && (
          <>
            <dt>Car picked up at</dt>
            <dd>
              {pickupAddress.line1}
              {pickupAddress.line2 ? `, ${pickupAddress.line2}` : ''}, {pickupAddress.city}, {pickupAddress.state}{' '}
              {pickupAddress.postalCode}
            </dd>
          </>
        )}
      </dl>
      <p className="help">This step is complete and can no longer be changed here. Contact support if something is wrong.</p>
    </section>
  );
}
