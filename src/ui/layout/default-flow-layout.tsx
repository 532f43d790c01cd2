import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** SPEC §2.7 default-flow: plain pages with the header, a centred column and the footer. */
export function DefaultFlowLayout() {
  return (
    <div className="layout-page">
      <SiteHeader />
      <main id="main" className="layout-main section" tabIndex={-1}>
        <div className="container is-max-desktop">
          <Outlet />
        </div>
      </main>
      <SiteFooter />
    </div>
  );
}
