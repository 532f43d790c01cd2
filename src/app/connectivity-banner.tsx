import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity } from '../data/device/connectivity';
import { Icon } from '../ui/icon';
import { AlertIcon, CheckCircleIcon } from '../ui/icons';

const OFFLINE = 'You are offline. Help, guides, legal pages and pages you opened before still work.';

/**
 * Says when the app is offline and what still works. When the connection comes back the line says so and keeps its
 * place until the person goes to another screen: taken away at once, it moved the whole page up under a tap.
 */
export function ConnectivityBanner() {
  const { online } = useSnapshot(connectivity);
  const { pathname } = useLocation();
  // The screen the connection came back on, while the line still stands there.
  const [backOnlineOn, setBackOnlineOn] = useState<string | null>(null);
  const [wasOffline, setWasOffline] = useState(!online);
  if (!online && !wasOffline) setWasOffline(true);
  if (online && wasOffline) {
    setWasOffline(false);
    setBackOnlineOn(pathname);
  }
  if (backOnlineOn !== null && backOnlineOn !== pathname) setBackOnlineOn(null);
  if (online && backOnlineOn === null) return <div role="status" className="visually-hidden" />;
  return (
    <div role="status" className={online ? 'connectivity-banner is-back-online' : 'connectivity-banner'}>
      {/* The shorter line takes the offline line's room (two lines on a phone), so nothing under it moves either. */}
      <span className="connectivity-lines">
        <span className="connectivity-line">
          <Icon icon={online ? CheckCircleIcon : AlertIcon} />
          <span>{online ? 'You are back online.' : OFFLINE}</span>
        </span>
        {online && (
          <span aria-hidden="true" className="connectivity-line is-room">
            <Icon icon={AlertIcon} />
            <span>{OFFLINE}</span>
          </span>
        )}
      </span>
    </div>
  );
}
