import { lazy, Suspense } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../data/session/session-store';
import { BRAND } from '../../domain/brand';
import { InstallEntry } from './install-entry';
import { OfflineIndicator } from './offline-indicator';
import { PRIMARY_LINKS } from './site-links';
import { useMenuToggle } from './use-menu-toggle';

// Loaded for signed-in users only, so public pages never download IndexedDB code.
const UploadsIndicator = lazy(() => import('./uploads-indicator'));

/** The site header: brand, main navigation (a menu button on small screens) and account links. */
export function SiteHeader({ navigation = true }: { navigation?: boolean }) {
  const { status } = useSnapshot(session);
  const { open: menuOpen, toggle } = useMenuToggle();

  return (
    <header>
      <a href="#main" className="button is-primary skip-link">
        Skip to content
      </a>
      <nav className="navbar has-shadow" aria-label="Main navigation">
        <div className="container">
          <div className="navbar-brand">
            <Link to="/" className="navbar-item brand-mark">
              {BRAND.name}
            </Link>
            <OfflineIndicator />
            {status === 'signed-in' && (
              <Suspense fallback={null}>
                <UploadsIndicator />
              </Suspense>
            )}
            {navigation && (
              <button
                type="button"
                className={`navbar-burger${menuOpen ? ' is-active' : ''}`}
                aria-label="Menu"
                aria-expanded={menuOpen}
                aria-controls="site-menu"
                onClick={toggle}
              >
                <span aria-hidden="true" />
                <span aria-hidden="true" />
                <span aria-hidden="true" />
                <span aria-hidden="true" />
              </button>
            )}
          </div>
          {navigation && (
            <div id="site-menu" className={`navbar-menu${menuOpen ? ' is-active' : ''}`}>
              <div className="navbar-start">
                {PRIMARY_LINKS.map((link) => (
                  <NavLink key={link.to} to={link.to} className="navbar-item">
                    {link.label}
                  </NavLink>
                ))}
              </div>
              <div className="navbar-end">
                <InstallEntry />
                {status === 'signed-in' ? (
                  <>
                    <NavLink to="/dashboard" className="navbar-item">
                      Dashboard
                    </NavLink>
                    <NavLink to="/account" className="navbar-item">
                      Account
                    </NavLink>
                    <NavLink to="/sign-out" className="navbar-item">
                      Sign out
                    </NavLink>
                  </>
                ) : (
                  <div className="navbar-item">
                    <Link to="/sign-in" className="button is-primary is-outlined">
                      Sign in
                    </Link>
                  </div>
                )}
              </div>
            </div>
          )}
        </div>
      </nav>
    </header>
  );
}
