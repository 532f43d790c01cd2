import { Link, useLoaderData } from 'react-router-dom';
import { z } from 'zod';
import { fetchContentEntry } from '../../data/content';
import { PageMeta } from '../../ui/page-meta';

export const articlesSchema = z.object({
  title: z.string(),
  description: z.string(),
  articles: z.array(z.object({ slug: z.string(), title: z.string(), summary: z.string() })),
});

export const loader = () => fetchContentEntry('learn-more/index', articlesSchema);

/** `/learn-more`: the guides, each with a one-line summary. */
export function Component() {
  const index = useLoaderData<typeof loader>();
  return (
    <div className="section container is-max-desktop">
      <PageMeta title={index.title} description={index.description} />
      <h1 className="title is-2">{index.title}</h1>
      <ul className="article-list">
        {index.articles.map((article) => (
          <li key={article.slug} className="box">
            <h2 className="title is-5 mb-2">
              <Link to={article.slug}>{article.title}</Link>
            </h2>
            <p>{article.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
