import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { setTrackingPreference, tracking } from '../data/device/tracking';
import { Button } from '../ui/button';

/** Asked once, on the first visit: may we record how the app is used? */
export function ConsentBanner() {
  const { preference } = useSnapshot(tracking);
  if (preference !== 'unset') return null;
  return <Banner />;
}

/** Keeps `--consent-banner-height` on the page while the banner shows, so notices rise above it instead of under it. */
function Banner() {
  const banner = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) =>
      root.setProperty('--consent-banner-height', `${entry!.borderBoxSize[0]!.blockSize}px`),
    );
    observer.observe(banner.current!);
    return () => {
      observer.disconnect();
      root.removeProperty('--consent-banner-height');
    };
  }, []);
  return (
    <section ref={banner} className="consent-banner" aria-label="Privacy choices">
      <p>
        We would like to record how you use Caramel to improve it. We never sell this information.{' '}
        <Link to="/legal/privacy-policy">Privacy policy</Link>
      </p>
      <div className="buttons">
        <Button size="small" onClick={() => setTrackingPreference(true)}>
          Accept
        </Button>
        <Button size="small" variant="outlined" onClick={() => setTrackingPreference(false)}>
          Reject
        </Button>
      </div>
    </section>
  );
}
