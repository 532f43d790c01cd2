/**
 * `/transaction/transport/status` (transport_done and verification_completed → success): what the
 * buyer booked, then the seller's car being verified by our title desk; once it is, on to payment.
 * The transport can still change here until the price breakdown is reviewed. The shipment's progress comes last:
 * the carrier's news arrives at any moment and must not move the buttons.
 */
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { ChangeChoice } from '../change-choice';
import { isPending, useTransactionContext } from '../transaction-context';
import { TransportChooser } from './transport-chooser';
import { ShipmentProgress, TransportSummary } from './transport-summary';

export function TransportStatus() {
  const { detail, pending, act } = useTransactionContext();
  const verified = detail.status !== 'transport_done';
  return (
    <section aria-labelledby="transport-status">
      <h1 id="transport-status" className="title is-4">
        Transport booked
      </h1>
      <TransportSummary detail={detail} />
      {verified ? (
        <Alert kind="success" title="The seller’s car is verified">
          Our title desk checked the title, the VIN and the odometer. Next, review your price breakdown and pay.
        </Alert>
      ) : (
        <Alert kind="info" title="Next: we verify the seller’s car">
          Our title desk is checking the seller’s title, VIN plate and odometer. This page moves on by itself once it is verified, usually
          within a day.
        </Alert>
      )}
      {verified && (
        <Button onClick={() => void act('verification done')} loading={isPending(pending, 'verification done')}>
          Continue to payment
        </Button>
      )}
      <ChangeChoice
        changeable={detail.allowedEvents.includes('transport booked')}
        what="your transport"
        label="Change transport"
        panel={(done) => <TransportChooser onBooked={done} />}
      />
      <ShipmentProgress detail={detail} />
    </section>
  );
}

export function Component() {
  return (
    <>
      <title>Transport · Your transaction</title>
      <TransportStatus />
    </>
  );
}
