import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { install, promptInstall } from '../../data/device/install';

/** "Install app" in the site menu: the browser's prompt, or the manual steps on iOS Safari. */
export function InstallEntry() {
  const { mode } = useSnapshot(install);
  const [showSteps, setShowSteps] = useState(false);
  const stepsId = useId();
  if (mode === 'none') return null;
  if (mode === 'prompt') {
    return (
      <button type="button" className="button is-text navbar-item" onClick={() => void promptInstall()}>
        Install app
      </button>
    );
  }
  // iOS Safari has no install prompt: a disclosure with the two manual steps.
  return (
    <div className="navbar-item install-steps">
      <button
        type="button"
        className="button is-text"
        aria-expanded={showSteps}
        aria-controls={stepsId}
        onClick={() => setShowSteps((value) => !value)}
      >
        Install app
      </button>
      <p id={stepsId} hidden={!showSteps}>
        Tap <strong>Share</strong> in Safari, then <strong>Add to Home Screen</strong>.
      </p>
    </div>
  );
}
