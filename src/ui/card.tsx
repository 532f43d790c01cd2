import type { ReactNode } from 'react';

export interface CardProps {
  title?: string;
  /** Heading level of the title within the page outline. */
  headingLevel?: 2 | 3 | 4;
  media?: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}

export function Card({ title, headingLevel = 3, media, footer, children }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="card ui-card">
      {media && <div className="card-image">{media}</div>}
      {title && (
        <header className="card-header">
          <Heading className="card-header-title">{title}</Heading>
        </header>
      )}
      <div className="card-content">{children}</div>
      {footer && <footer className="card-footer ui-card-footer">{footer}</footer>}
    </article>
  );
}
