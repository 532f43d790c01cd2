import type { ReactNode } from 'react';

/** SPEC §2.7 error layout: no navigation that could fail again, just the message. */
export function ErrorLayout({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="section layout-error">
      <div className="container is-max-tablet has-text-centered">{children}</div>
    </main>
  );
}
