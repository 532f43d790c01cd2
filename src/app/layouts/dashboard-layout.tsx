import { NavLink, Outlet } from 'react-router-dom';
import { SiteHeader } from './site-header';

const SECTIONS = [{ to: '/dashboard', label: 'Welcome' }] as const;

/** SPEC §2.7 active-user-dashboard-flow: side navigation beside the signed-in user's pages. */
export function DashboardLayout() {
  return (
    <div className="layout-page">
      <SiteHeader />
      <div className="section layout-main">
        <div className="container columns">
          <aside className="column is-3">
            <nav className="menu" aria-label="Dashboard">
              <ul className="menu-list">
                {SECTIONS.map((section) => (
                  <li key={section.to}>
                    <NavLink to={section.to} end className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </aside>
          <main id="main" className="column">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  );
}
