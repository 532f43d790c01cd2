import { Link } from 'react-router-dom';
import { BRAND } from '../../domain/brand';
import { FOOTER_GROUPS } from './site-links';

export function SiteFooter() {
  return (
    <footer className="footer site-footer">
      <div className="container">
        <div className="columns is-mobile is-multiline">
          {FOOTER_GROUPS.map((group) => (
            <nav key={group.title} className="column is-half-mobile is-one-quarter-tablet" aria-label={group.title}>
              <p className="has-text-weight-semibold mb-2">{group.title}</p>
              <ul>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
          <div className="column is-full-mobile is-one-quarter-tablet">
            <p className="brand-mark mb-2">{BRAND.name}</p>
            <p className="text-muted">{BRAND.tagline}</p>
          </div>
        </div>
        <p className="text-muted mt-4">
          © {new Date().getFullYear()} {BRAND.name}
        </p>
      </div>
    </footer>
  );
}
