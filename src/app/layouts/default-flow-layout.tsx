import { Outlet } from 'react-router-dom';
import { SiteHeader } from './site-header';

/** SPEC §2.7 default-flow: plain pages with the header and a centred column. */
export function DefaultFlowLayout() {
  return (
    <div className="layout-page">
      <SiteHeader />
      <main id="main" className="layout-main section">
        <div className="container is-max-desktop">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
