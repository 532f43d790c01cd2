import { Link, useLocation } from 'react-router-dom';
import { PAGE_NOT_FOUND_FALLBACK, pageNotFoundSchema, useContentEntry } from '../data/api/content';
import { ErrorLayout } from '../ui/layout/error-layout';

/** SPEC §2.9: shown for an unknown route and after a fatal error; its text is the pageNotFound entry. */
export function NotFoundScreen() {
  // The path only: a query string can carry ids and tokens, and reads as noise.
  const { pathname } = useLocation();
  const content = useContentEntry('app/pageNotFound', pageNotFoundSchema, PAGE_NOT_FOUND_FALLBACK);
  const home = content.links.returnToHomePageLink;

  return (
    <ErrorLayout>
      <title>Page not found</title>
      <img src="/images/page-not-found.svg" alt="" width={240} height={160} className="not-found-image" />
      <h1 className="title is-3">{content.title}</h1>
      <p className="subtitle is-6 text-muted" data-testid="not-found-message">
        Page Not Found: {pathname}
      </p>
      <p className="mb-5">{content.subtitle}</p>
      <Link to={home.url} className="button is-primary">
        {home.text}
      </Link>
    </ErrorLayout>
  );
}
