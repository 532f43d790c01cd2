import { useSnapshot } from 'valtio';
import { connectivity } from '../data/connectivity';
import { Icon } from '../ui/icon';
import { AlertIcon } from '../ui/icons';

/** Says when the app is offline and what still works. */
export function ConnectivityBanner() {
  const { online } = useSnapshot(connectivity);
  return (
    <div role="status" className={online ? 'visually-hidden' : 'connectivity-banner'}>
      {online ? (
        ''
      ) : (
        <>
          <Icon icon={AlertIcon} />
          <span>You are offline. Help, guides, legal pages and pages you opened before still work.</span>
        </>
      )}
    </div>
  );
}
