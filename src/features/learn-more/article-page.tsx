import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../data/api/content';
import { Markdown, withRenderedBody } from '../../ui/markdown';
import { PageMeta } from '../../ui/page-meta';

export const loader = ({ params }: LoaderFunctionArgs) =>
  orNotFound(fetchMarkdownEntry(`learn-more/${params.article}`).then(withRenderedBody));

/** `/learn-more/{article}`. */
export function Component() {
  const article = useLoaderData<typeof loader>();
  return (
    <article className="section container is-max-desktop">
      <PageMeta title={article.meta.title} description={article.meta.description} />
      <nav aria-label="Breadcrumb" className="mb-4">
        <Link to="/learn-more">All guides</Link>
      </nav>
      <Markdown content={article.content} />
    </article>
  );
}
