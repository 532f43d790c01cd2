import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router-dom';

/** `/component-library` (SPEC §2.6): no site layout, just the pages and a way back to the index. */
export function Component() {
  return <Outlet />;
}

export function ShowcasePage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <main id="main" className="section showcase">
      <title>{`${title} · Component library`}</title>
      <div className="container is-max-desktop">
        <nav aria-label="Breadcrumb" className="mb-4">
          <Link to="/component-library">Component library</Link>
        </nav>
        <h1 className="title is-2">{title}</h1>
        <p className="subtitle is-6 text-muted">{intro}</p>
        {children}
      </div>
    </main>
  );
}

export function Example({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="showcase-example" aria-label={title}>
      <h2 className="title is-5">{title}</h2>
      <div className="showcase-stage">{children}</div>
    </section>
  );
}
