import { useLoaderData } from 'react-router-dom';
import { fetchContentEntry } from '../../data/api/content';
import { DocumentIndex, documentIndexSchema } from '../../ui/document-index';

export const loader = () => fetchContentEntry('legal/index', documentIndexSchema);

/** `/legal`: every policy with a one-line summary. */
export function Component() {
  return <DocumentIndex index={useLoaderData<typeof loader>()} />;
}
