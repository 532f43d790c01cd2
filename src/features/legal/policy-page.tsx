import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../data/api/content';
import { LegalContentLayout } from '../../ui/layout/legal-content-layout';
import { Markdown, withRenderedBody } from '../../ui/markdown';
import { PageMeta } from '../../ui/page-meta';

export const loader = ({ params }: LoaderFunctionArgs) => orNotFound(fetchMarkdownEntry(`legal/${params.policy}`).then(withRenderedBody));

/** `/legal/{policy}` in the legal-content layout, its sections listed beside it. */
export function Component() {
  const policy = useLoaderData<typeof loader>();
  return (
    <LegalContentLayout title={policy.meta.title} updated={policy.meta.updated} toc={policy.content.headings}>
      <PageMeta title={policy.meta.title} description={policy.meta.description} />
      <Markdown content={policy.content} />
    </LegalContentLayout>
  );
}
