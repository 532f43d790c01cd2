import { Outlet } from 'react-router-dom';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** SPEC §2.7 marketing-flow: public pages with the site header and footer. */
export function MarketingLayout() {
  return (
    <div className="layout-page">
      <SiteHeader />
      <main id="main" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
