import { Link, NavLink } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../data/session-store';
import { BRAND } from '../../domain/brand';

/** The header every layout with navigation shares; account links follow the session. */
export function SiteHeader() {
  const { status } = useSnapshot(session);
  return (
    <header>
      <nav className="navbar is-spaced has-shadow" aria-label="Main navigation">
        <div className="container">
          <div className="navbar-brand">
            <Link to="/" className="navbar-item has-text-weight-bold is-size-4 brand-mark">
              {BRAND.name}
            </Link>
          </div>
          <div className="navbar-menu is-active">
            <div className="navbar-end">
              {status === 'signed-in' ? (
                <>
                  <NavLink to="/dashboard" className="navbar-item">
                    Dashboard
                  </NavLink>
                  <NavLink to="/sign-out" className="navbar-item">
                    Sign out
                  </NavLink>
                </>
              ) : (
                <NavLink to="/sign-in" className="navbar-item">
                  Sign in
                </NavLink>
              )}
            </div>
          </div>
        </div>
      </nav>
    </header>
  );
}
