import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../data/api/content';
import { Markdown, withRenderedBody } from '../../ui/markdown';
import { PageMeta } from '../../ui/page-meta';

export const loader = ({ params }: LoaderFunctionArgs) => orNotFound(fetchMarkdownEntry(`legal/${params.policy}`).then(withRenderedBody));

/** `/sign-up/{policy}`: a legal policy read during sign-up, with the way back to the form. */
export function Component() {
  const policy = useLoaderData<typeof loader>();
  return (
    <article>
      <PageMeta title={policy.meta.title} description={policy.meta.description} />
      <p className="mb-3">
        <Link to="/sign-up">← Back to sign-up</Link>
      </p>
      <h1 className="title is-4">{policy.meta.title}</h1>
      <div className="content">
        <Markdown content={policy.content} />
      </div>
      <p className="mt-4">
        <Link to="/sign-up">Back to sign-up</Link>
      </p>
    </article>
  );
}
