/** "Get connected with your buyer / seller": once the sale closed, who the other party is and the contact details they chose to share. */
import { useEffect, useState } from 'react';
import { connectionOf } from '../../../data/signing';
import { ApiError } from '../../../data/api-client';
import type { Connection } from '../../../domain/signing';

export function GetConnected({ transactionId, other }: { transactionId: string; other: 'buyer' | 'seller' }) {
  const [connection, setConnection] = useState<Connection | null | undefined>(undefined);
  useEffect(() => {
    connectionOf(transactionId).then(
      (answer) => setConnection(answer.connection),
      (error: unknown) => setConnection(error instanceof ApiError && error.status === 404 ? null : undefined),
    );
  }, [transactionId]);
  if (!connection) return null;
  return (
    <section className="box mt-5" aria-labelledby="get-connected">
      <h2 id="get-connected" className="title is-5">
        Get connected with your {other}
      </h2>
      <p className="mb-3">
        Your sale closed on {new Date(connection.closedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
        {other === 'seller' ? ' Questions about the car’s history or a spare key? ' : ' Questions about the paperwork or the handover? '}
        Here is how to reach {connection.name}.
      </p>
      <dl className="ui-facts">
        <dt>Name</dt>
        <dd>{connection.name}</dd>
        {connection.email && (
          <>
            <dt>E-mail</dt>
            <dd>
              <a href={`mailto:${connection.email}`}>{connection.email}</a>
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
