import type { ReactNode } from 'react';
import { TableOfContents, type TocEntry } from '../table-of-contents';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** SPEC §2.7 legal-content: a long document with its table of contents beside it (above it on phones). */
export function LegalContentLayout({
  title,
  updated,
  toc,
  children,
}: {
  title: string;
  updated?: string;
  toc: TocEntry[];
  children: ReactNode;
}) {
  return (
    <div className="layout-page">
      <SiteHeader />
      <div className="section layout-main">
        <div className="container legal-grid">
          <aside className="legal-aside">
            <TableOfContents entries={toc} />
          </aside>
          <main id="main" className="legal-main" tabIndex={-1}>
            <h1 className="title is-2">{title}</h1>
            {updated && <p className="text-muted mb-5">Last updated {updated}</p>}
            {children}
          </main>
        </div>
      </div>
      <SiteFooter />
    </div>
  );
}
