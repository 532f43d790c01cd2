/**
 * Account → Notifications (issue 44): whether this device is told things while the app is closed,
 * and which of the four kinds the person takes on all their devices. Mail keeps coming either way.
 */
import { useEffect, useState } from 'react';
import { pushPreferences, savePushPreferences, turnOffNotifications, useDeviceNotifications } from '../../data/device/push';
import { PUSH_TOPIC_LABELS, PUSH_TOPICS, type PushPreferences, type PushTopic } from '../../domain/push-contract';
import { Button } from '../../ui/button';
import { TurnOnNotificationsButton } from '../../ui/notifications-switch';
import { showToast } from '../../ui/toast-store';

export function NotificationSettings({ online }: { online: boolean }) {
  const state = useDeviceNotifications();
  return (
    <section className="mt-5" aria-labelledby="account-notifications">
      <h2 id="account-notifications" className="title is-6 mb-2">
        Notifications on your devices
      </h2>
      <DeviceSwitch state={state} online={online} />
      {state !== 'unavailable' && state !== undefined && <Topics online={online} />}
      <p className="help mt-2">We e-mail you about each of these too, whatever you choose here.</p>
    </section>
  );
}

function DeviceSwitch({ state, online }: { state: ReturnType<typeof useDeviceNotifications>; online: boolean }) {
  const [busy, setBusy] = useState(false);
  if (state === undefined) return <p aria-busy="true">Checking this device…</p>;
  if (state === 'unavailable') return <p>This browser cannot show notifications from us while the app is closed.</p>;
  if (state === 'blocked')
    return <p>Your browser blocks notifications from this site. Allow them in the browser’s site settings, then come back here.</p>;
  if (state === 'off')
    return (
      <>
        <p className="mb-2">Get told on this device when it is your turn, even with the app closed.</p>
        {online ? <TurnOnNotificationsButton /> : <p className="help">Turning them on needs a connection.</p>}
      </>
    );
  async function turnOff() {
    setBusy(true);
    try {
      await turnOffNotifications();
      showToast('Notifications are off for this device.', 'success');
    } catch {
      showToast('Notifications could not be turned off. Check your connection and try again.', 'danger');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p className="mb-2">
        <span className="tag is-success is-light">On</span> This device is told when the app is closed.
      </p>
      <Button variant="outlined" onClick={() => void turnOff()} loading={busy} disabled={!online}>
        Turn off on this device
      </Button>
    </>
  );
}

function Topics({ online }: { online: boolean }) {
  const [preferences, setPreferences] = useState<PushPreferences | 'failed'>();
  useEffect(() => {
    if (online) pushPreferences().then(setPreferences, () => setPreferences('failed'));
  }, [online]);
  if (!online && !preferences) return null;
  if (preferences === undefined) return <p aria-busy="true">Loading what you are told…</p>;
  if (preferences === 'failed') return <p className="help">What you are told could not be loaded. Reload to try again.</p>;
  async function change(topic: PushTopic, on: boolean) {
    const before = preferences as PushPreferences;
    const next = { ...before, [topic]: on };
    setPreferences(next);
    try {
      await savePushPreferences(next);
    } catch {
      setPreferences(before);
      showToast('That change was not saved. Check your connection and try again.', 'danger');
    }
  }
  return (
    <fieldset className="mt-3" disabled={!online}>
      <legend className="has-text-weight-semibold mb-1">Tell me about (on all my devices)</legend>
      {PUSH_TOPICS.map((topic) => (
        <div key={topic} className="field mb-1">
          <label className="checkbox">
            <input type="checkbox" checked={preferences[topic]} onChange={(event) => void change(topic, event.target.checked)} />{' '}
            {PUSH_TOPIC_LABELS[topic].label}
          </label>
          <p className="help mt-0">{PUSH_TOPIC_LABELS[topic].hint}</p>
        </div>
      ))}
    </fieldset>
  );
}
