import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../data/api/content';
import { buttonClass } from '../../ui/button';
import { Markdown, withRenderedBody } from '../../ui/markdown';
import { PageMeta } from '../../ui/page-meta';

/** The entry is named after the path: /about reads `pages/about`. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  orNotFound(fetchMarkdownEntry(`pages${new URL(request.url).pathname}`).then(withRenderedBody));

/** `/about`, `/how-it-works`, `/dealers`: one Markdown entry each, and the call to action its front matter names. */
export function Component() {
  const page = useLoaderData<typeof loader>();
  const { action, actionTo } = page.meta;
  return (
    <article className="section container is-max-desktop">
      <PageMeta title={page.meta.title} description={page.meta.description} />
      <Markdown content={page.content} />
      {action && actionTo && (
        <p className="mt-5">
          <Link to={actionTo} className={buttonClass({ size: 'medium' })}>
            {action}
          </Link>
        </p>
      )}
    </article>
  );
}
