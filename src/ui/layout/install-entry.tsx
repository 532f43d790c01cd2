import { useSnapshot } from 'valtio';
import { install, promptInstall } from '../../data/install';
import { Popover } from '../popover';

/** "Install app" in the site menu: the browser's prompt, or the manual steps on iOS Safari. */
export function InstallEntry() {
  const { mode } = useSnapshot(install);
  if (mode === 'prompt') {
    return (
      <button type="button" className="button is-text navbar-item" onClick={() => void promptInstall()}>
        Install app
      </button>
    );
  }
  if (mode === 'ios') {
    return (
      <div className="navbar-item">
        <Popover label="Install app" title="Add Caramel to your home screen" variant="text">
          <p>
            Tap the <strong>Share</strong> button in Safari, then <strong>Add to Home Screen</strong>.
          </p>
        </Popover>
      </div>
    );
  }
  return null;
}
