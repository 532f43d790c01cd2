import { NavLink, Outlet } from 'react-router-dom';
import { Icon } from '../icon';
import { MenuIcon } from '../icons';
import { DASHBOARD_LINKS } from './site-links';
import { SiteHeader } from './site-header';
import { useMenuToggle } from './use-menu-toggle';

/**
 * SPEC §2.7 active-user-dashboard-flow: side navigation beside the signed-in user's pages;
 * on small screens it folds behind a "Dashboard menu" button.
 */
export function DashboardLayout() {
  const { open, toggle } = useMenuToggle();
  return (
    <div className="layout-page">
      <SiteHeader />
      <div className="section layout-main">
        <div className="container dashboard-grid">
          <aside className="dashboard-aside">
            <button
              type="button"
              className="button is-fullwidth dashboard-menu-toggle"
              aria-expanded={open}
              aria-controls="dashboard-nav"
              onClick={toggle}
            >
              <Icon icon={MenuIcon} />
              <span>Dashboard menu</span>
            </button>
            <nav id="dashboard-nav" className={`menu dashboard-nav${open ? ' is-open' : ''}`} aria-label="Dashboard">
              <ul className="menu-list">
                {DASHBOARD_LINKS.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <main id="main" className="dashboard-main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
