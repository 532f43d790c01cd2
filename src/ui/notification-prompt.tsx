/**
 * The moment notifications matter (issue 44): once the person has an offer or a sale under way,
 * the dashboard offers to tell them when it is their turn, with the app closed. Never on a first
 * visit; "Not now" keeps it away on this device.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useDeviceNotifications } from '../data/device/push';
import { session } from '../data/session/session-store';
import { Button } from './button';
import { TurnOnNotificationsButton } from './notifications-switch';

const NOT_NOW = 'caramel.notificationsNotNow';

function saidNotNow(): boolean {
  try {
    return localStorage.getItem(NOT_NOW) === 'true';
  } catch {
    return false;
  }
}

/** `justMadeOffer`: shown where the person just sent an offer, before the dashboard counts it. */
export function NotificationPrompt({ justMadeOffer = false }: { justMadeOffer?: boolean }) {
  const state = useDeviceNotifications();
  const { dashboard } = useSnapshot(session);
  const [hidden, setHidden] = useState(saidNotNow);
  const underWay = justMadeOffer || Boolean(dashboard && (dashboard.count.offers > 0 || dashboard.count.activeTransactions > 0));
  if (hidden || state !== 'off' || !underWay || Notification.permission !== 'default') return null;
  function notNow() {
    try {
      localStorage.setItem(NOT_NOW, 'true');
    } catch {
      // Storage refused: hidden for this visit only.
    }
    setHidden(true);
  }
  return (
    <aside className="box my-4" aria-labelledby="notification-prompt">
      <h2 id="notification-prompt" className="title is-6 mb-1">
        Know when it is your turn
      </h2>
      <p className="mb-3">Get a notification on this device when the other party moves or writes to you, even with the app closed.</p>
      <div className="buttons">
        <TurnOnNotificationsButton size="small" onDone={(next) => next !== 'on' && setHidden(true)} />
        <Button size="small" variant="outlined" onClick={notNow}>
          Not now
        </Button>
      </div>
    </aside>
  );
}
