import { useLoaderData, useRevalidator } from 'react-router-dom';
import { fetchHealth } from '../../data/api/health';

export async function loader() {
  return { health: await fetchHealth(), checkedAt: new Date() };
}

const PARTS = [
  ['database', 'Database'],
  ['storage', 'Document storage'],
  ['identity', 'Sign-in service'],
] as const;

/** `/healthcheck`: whether the app loaded and each part of the service answers. */
export function Component() {
  const { health, checkedAt } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  return (
    <>
      <title>Service status</title>
      <h1 className="title">Service status</h1>
      <p className="mb-4">The app loaded and its configuration is valid. Checked at {checkedAt.toLocaleTimeString()}.</p>
      <p className="mb-4">
        App version <code data-testid="build-id">{__BUILD_ID__}</code>
      </p>
      {'unreachable' in health ? (
        <div className="notification is-warning" role="status">
          The service could not be reached ({health.unreachable}). You may be offline.
        </div>
      ) : (
        <table className="table is-fullwidth" aria-label="Service parts">
          <tbody>
            {PARTS.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                <td>
                  <span className={`tag ${health[key] === 'ok' ? 'is-success' : 'is-danger'}`}>
                    {health[key] === 'ok' ? 'Working' : 'Not working'}
                  </span>
                  {health[key] !== 'ok' && <span className="ml-2">{health[key]}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <button type="button" className="button" onClick={() => void revalidator.revalidate()} disabled={revalidator.state === 'loading'}>
        Check again
      </button>
    </>
  );
}
