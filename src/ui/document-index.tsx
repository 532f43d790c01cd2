import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { PageMeta } from './page-meta';

/** A content entry that lists documents (guides, policies): each with a slug, title and summary. */
export const documentIndexSchema = v.object({
  title: v.string(),
  description: v.string(),
  entries: v.array(v.object({ slug: v.string(), title: v.string(), summary: v.string() })),
});

export type DocumentIndexContent = v.InferOutput<typeof documentIndexSchema>;

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
