import { useLiveQuery } from 'dexie-react-hooks';
import { NavLink, Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { db } from '../../data/db';
import { MESSAGES_PATH } from '../../domain/message-contract';
import { session } from '../../data/session/session-store';
import { Icon } from '../icon';
import { MenuIcon } from '../icons';
import { DASHBOARD_LINKS, ROLE_LINKS } from './site-links';
import { SiteHeader } from './site-header';
import { useMenuToggle } from './use-menu-toggle';

/**
 * SPEC §2.7 active-user-dashboard-flow: side navigation beside the signed-in user's pages;
 * on small screens it folds behind a "Dashboard menu" button.
 */
export function DashboardLayout() {
  const { open, toggle } = useMenuToggle();
  const { user, dashboard } = useSnapshot(session);
  const unread = dashboard?.count.unreadMessages ?? 0;
  const type = useLiveQuery(async () => (user ? (await db.profiles.get(user.sub))?.type : undefined), [user?.sub]);
  const links = [...DASHBOARD_LINKS, ...(type ? ROLE_LINKS[type] : [])];
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
              {unread > 0 && (
                <span className="tag is-danger is-rounded ml-2">
                  {unread}
                  <span className="visually-hidden"> unread messages</span>
                </span>
              )}
            </button>
            <nav id="dashboard-nav" className={`menu dashboard-nav${open ? ' is-open' : ''}`} aria-label="Dashboard">
              <ul className="menu-list">
                {links.map((link) => (
                  <li key={link.to}>
                    <NavLink to={link.to} end={link.end} className={({ isActive }) => (isActive ? 'is-active' : undefined)}>
                      {link.label}
                      {link.to === MESSAGES_PATH && unread > 0 && (
                        <span className="tag is-danger is-rounded ml-2">
                          {unread}
                          <span className="visually-hidden"> unread</span>
                        </span>
                      )}
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
