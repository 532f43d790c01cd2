import { useLoaderData } from 'react-router-dom';
import { fetchContentEntry } from '../../data/api/content';
import { DocumentIndex, documentIndexSchema } from '../../ui/document-index';

export const loader = () => fetchContentEntry('learn-more/index', documentIndexSchema);

/** `/learn-more`: the guides, each with a one-line summary. */
export function Component() {
  return <DocumentIndex index={useLoaderData<typeof loader>()} />;
}
