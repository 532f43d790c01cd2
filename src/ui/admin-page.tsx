/**
 * An admin area's page around an API answer: its title, a refusal for anyone who is not an admin
 * (the API's 403), what the page is for, a load failure with "Try again", and "Loading…" until the
 * answer is in. The page's own content goes in `children`, shown once there is an answer.
 */
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { PageMeta } from './page-meta';

interface AdminPageProps {
  title: string;
  description: string;
  /** The plural the messages name ("deliveries"). */
  what: string;
  intro: ReactNode;
  state: { answer: unknown; problem: Error | null; reload: () => Promise<unknown> };
  children: ReactNode;
}

export function AdminPage({ title, description, what, intro, state, children }: AdminPageProps) {
  const headingId = `${title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  const meta = <PageMeta title={title} description={description} />;
  if (state.problem && 'status' in state.problem && state.problem.status === 403)
    return (
      <section>
        {meta}
        <h1 className="title">{title}</h1>
        <Alert kind="warning">Only an admin can see {what}.</Alert>
      </section>
    );
  return (
    <section aria-labelledby={headingId}>
      {meta}
      <h1 id={headingId} className="title">
        {title}
      </h1>
      <p className="mb-4">{intro}</p>
      {state.problem && (
        <Alert kind="danger" title={`The ${what} could not be loaded`}>
          <p className="mb-2">{state.problem.message}</p>
          <Button size="small" variant="outlined" onClick={() => void state.reload()}>
            Try again
          </Button>
        </Alert>
      )}
      {!state.answer && !state.problem && <p role="status">Loading {what}…</p>}
      {state.answer !== undefined && children}
    </section>
  );
}
