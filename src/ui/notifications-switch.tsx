/**
 * Turning notifications on for this device (issue 44): the browser asks the person, and the words
 * say what follows from each answer. Used where they matter (after an offer, on the dashboard) and in
 * Account; never on a first visit.
 */
import { useState } from 'react';
import { turnOnNotifications, type DeviceNotifications } from '../data/device/push';
import { Button } from './button';
import { showToast } from './toast-store';

export function TurnOnNotificationsButton({ onDone, size }: { onDone?: (state: DeviceNotifications) => void; size?: 'small' }) {
  const [busy, setBusy] = useState(false);
  async function turnOn() {
    setBusy(true);
    try {
      const state = await turnOnNotifications();
      if (state === 'on') showToast('Notifications are on for this device.', 'success');
      else if (state === 'blocked')
        showToast('Your browser blocks notifications from this site. Allow them in its site settings.', 'warning');
      onDone?.(state);
    } catch (error) {
      console.error('Turning notifications on failed', error);
      showToast('Notifications could not be turned on. Check your connection and try again.', 'danger');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button size={size} onClick={() => void turnOn()} loading={busy}>
      Turn on notifications
    </Button>
  );
}
