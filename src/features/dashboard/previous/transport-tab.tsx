/**
 * A closed sale's transport tab: where the car was picked up. The transport booking itself
 * (RunBuggy or Acertus, the dates) joins it once the transport step records one (issue 19).
 */
import { useClosedTransaction } from './detail-layout';

export function Component() {
  const { side, data } = useClosedTransaction();
  const pickup = data.identity.pickupAddress;
  return (
    <>
      <title>Transport · Previous transaction</title>
      <h2 className="title is-5">Transport</h2>
      {pickup ? (
        <p className="mb-3">
          The car was picked up at {pickup.line1}
          {pickup.line2 ? `, ${pickup.line2}` : ''}, {pickup.city}, {pickup.state} {pickup.postalCode}.
        </p>
      ) : (
        <p className="mb-3">{side === 'buyer' ? 'The seller gave the pickup address.' : 'No pickup address was recorded.'}</p>
      )}
      <p className="help">A transport booking made in the app shows here with its dates.</p>
    </>
  );
}
