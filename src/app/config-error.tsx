import { BRAND } from '../domain/brand';
import { ErrorLayout } from '../ui/layout/error-layout';

/** Shown instead of the app when /config.json is missing or invalid: nothing else can work. */
export function ConfigErrorScreen({ problem }: { problem: string }) {
  return (
    <ErrorLayout>
      <h1 className="title is-3">{BRAND.name} cannot start</h1>
      <p className="mb-4" role="alert">
        {problem}
      </p>
      <p className="mb-5">This is a problem with how the site is set up, not with anything you did.</p>
      <button type="button" className="button is-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </ErrorLayout>
  );
}
