import { Link, useLoaderData } from 'react-router-dom';
import { z } from 'zod';
import { fetchContentEntry } from '../../data/content';
import { PageMeta } from '../../ui/page-meta';

const legalIndexSchema = z.object({
  title: z.string(),
  description: z.string(),
  documents: z.array(z.object({ slug: z.string(), title: z.string(), summary: z.string() })),
});

export const loader = () => fetchContentEntry('legal/index', legalIndexSchema);

/** `/legal`: every policy with a one-line summary. */
export function Component() {
  const index = useLoaderData<typeof loader>();
  return (
    <div className="section container is-max-desktop">
      <PageMeta title={index.title} description={index.description} />
      <h1 className="title is-2">{index.title}</h1>
      <ul className="article-list">
        {index.documents.map((document) => (
          <li key={document.slug} className="box">
            <h2 className="title is-5 mb-2">
              <Link to={document.slug}>{document.title}</Link>
            </h2>
            <p>{document.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
