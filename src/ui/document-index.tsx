import { Link } from 'react-router-dom';
import * as z from 'zod/mini';
import { PageMeta } from './page-meta';

/** A content entry that lists documents (guides, policies): each with a slug, title and summary. */
export const documentIndexSchema = z.object({
  title: z.string(),
  description: z.string(),
  entries: z.array(z.object({ slug: z.string(), title: z.string(), summary: z.string() })),
});

export type DocumentIndexContent = z.infer<typeof documentIndexSchema>;

/** The list page of a set of documents, each title linking to its slug below the current path. */
export function DocumentIndex({ index }: { index: DocumentIndexContent }) {
  return (
    <div className="section container is-max-desktop">
      <PageMeta title={index.title} description={index.description} />
      <h1 className="title is-2">{index.title}</h1>
      <ul className="article-list">
        {index.entries.map((entry) => (
          <li key={entry.slug} className="box">
            <h2 className="title is-5 mb-2">
              <Link to={entry.slug}>{entry.title}</Link>
            </h2>
            <p>{entry.summary}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
