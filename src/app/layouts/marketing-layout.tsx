import { Link, Outlet } from 'react-router-dom';
import { BRAND } from '../../domain/brand';
import { SiteHeader } from './site-header';

/** SPEC §2.7 marketing-flow: public pages with the site header and footer. */
export function MarketingLayout() {
  return (
    <div className="layout-page">
      <SiteHeader />
      <main id="main" className="layout-main">
        <Outlet />
      </main>
      <footer className="footer">
        <div className="content has-text-centered">
          <p>
            © {new Date().getFullYear()} {BRAND.name}. <Link to="/healthcheck">Service status</Link>
          </p>
        </div>
      </footer>
    </div>
  );
}
