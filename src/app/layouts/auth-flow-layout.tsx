import { Outlet } from 'react-router-dom';
import { SiteHeader } from './site-header';

/** SPEC §2.7 auth-flow: one narrow card in the middle of the page. */
export function AuthFlowLayout() {
  return (
    <div className="layout-page">
      <SiteHeader />
      <main id="main" className="layout-main section">
        <div className="container is-max-tablet">
          <div className="box auth-card">
            <Outlet />
          </div>
        </div>
      </main>
    </div>
  );
}
