import { useSnapshot } from 'valtio';
import { offlineFiles } from '../../data/device/service-worker';
import { Icon } from '../icon';
import { OfflineReadyIcon, SavingOfflineIcon } from '../icons';

/**
 * In the header: whether this device holds the whole app yet (issue 56). While it is being saved, a quiet icon says so
 * (with how much once the worker has counted); once every file is here, "Offline ready" — announced once, politely.
 */
export function OfflineIndicator() {
  const { state, held, total } = useSnapshot(offlineFiles);
  if (state !== 'saving' && state !== 'ready') return null;
  const ready = state === 'ready';
  const label = ready ? 'Ready to work offline' : `Saving the app for offline use${total ? `: ${held} of ${total} files` : ''}`;
  return (
    <span className="navbar-item offline-indicator" role="status" aria-label={label} title={label}>
      <Icon icon={ready ? OfflineReadyIcon : SavingOfflineIcon} />
      <span aria-hidden="true" className="is-hidden-mobile">
        {ready ? 'Offline ready' : 'Saving for offline…'}
      </span>
    </span>
  );
}
