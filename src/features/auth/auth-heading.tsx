import type { ReactNode } from 'react';

/** Every auth screen opens the same way: the page title, a heading, and a line of explanation. */
export function AuthHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <title>{title}</title>
      <h1 className="title is-4">{title}</h1>
      {children && <p className="mb-4">{children}</p>}
    </>
  );
}
