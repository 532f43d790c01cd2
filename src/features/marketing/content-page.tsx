import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../data/content';
import { Markdown, withRenderedBody } from '../../ui/markdown';
import { PageMeta } from '../../ui/page-meta';

/** The entry is named after the path: /about reads `pages/about`. */
export const loader = ({ request }: LoaderFunctionArgs) =>
  orNotFound(fetchMarkdownEntry(`pages${new URL(request.url).pathname}`).then(withRenderedBody));

/** `/about`, `/how-it-works`, `/dealers`: one Markdown entry each. */
export function Component() {
  const page = useLoaderData<typeof loader>();
  return (
    <article className="section container is-max-desktop">
      <PageMeta title={page.meta.title} description={page.meta.description} />
      <Markdown content={page.content} />
    </article>
  );
}
