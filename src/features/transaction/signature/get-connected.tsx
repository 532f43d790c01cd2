/** "Get connected with your buyer / seller": once both signed, who the other party is and the contact details they chose to share, for the handover. */
import { useEffect, useState } from 'react';
import { refreshDeal, useDeal } from '../../../data/records/deals';
import { connectionOf } from '../../../data/api/signing';
import { ApiError } from '../../../data/api/api-client';
import type { Connection } from '../../../domain/signing';

/**
 * The envelope completes when the second party signs, which can be a moment after this screen
 * opens: each new version of the deal (live notices keep the saved deal current) asks again.
 */
export function GetConnected({ transactionId, dealId, other }: { transactionId: string; dealId: string; other: 'buyer' | 'seller' }) {
  const [connection, setConnection] = useState<Connection | null | undefined>(undefined);
  const dealVersion = useDeal(dealId)?.version;
  useEffect(() => {
    refreshDeal(dealId).catch(() => undefined); // saved, so live notices keep it current; offline: what was saved
  }, [dealId]);
  useEffect(() => {
    connectionOf(transactionId).then(
      (answer) => setConnection(answer.connection),
      (error: unknown) => setConnection(error instanceof ApiError && error.status === 404 ? null : undefined),
    );
  }, [transactionId, dealVersion]);
  if (!connection) return null;
  return (
    <section className="box mt-5" aria-labelledby="get-connected">
      <h2 id="get-connected" className="title is-5">
        Get connected with your {other}
      </h2>
      <p className="mb-3">
        You both signed on {new Date(connection.signedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
        {other === 'seller'
          ? ' Meeting for the handover, or a question about the car’s history? '
          : ' Meeting for the handover, or a question about the paperwork? '}
        Here is how to reach {connection.name}.
      </p>
      <dl className="ui-facts">
        <dt>Name</dt>
        <dd>{connection.name}</dd>
        {connection.email && (
          <>
            <dt>E-mail</dt>
            <dd>
              {/* On a phone a long address wraps after its @, not inside its domain. */}
              <a href={`mailto:${connection.email}`}>
                {connection.email.split('@')[0]}@<wbr />
                {connection.email.split('@').slice(1).join('@')}
              </a>
            </dd>
          </>
        )}
        {connection.phone && (
          <>
            <dt>Phone</dt>
            <dd>
              <a href={`tel:${connection.phone}`}>{connection.phone}</a>
            </dd>
          </>
        )}
      </dl>
      {!connection.email && !connection.phone && <p className="help">Your {other} chose not to share their contact details.</p>}
    </section>
  );
}
