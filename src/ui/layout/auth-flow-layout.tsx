import { Outlet } from 'react-router-dom';
import { SiteHeader } from './site-header';

/** SPEC §2.7 auth-flow: one narrow card in the middle of the page, nothing to wander off to. */
export function AuthFlowLayout() {
  return (
    <div className="layout-page layout-muted">
      <SiteHeader navigation={false} />
      <main id="main" className="layout-main section" tabIndex={-1}>
        <div className="box auth-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
