import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../data/content';
import { LegalContentLayout } from '../../ui/layout/legal-content-layout';
import { headingsOf, Markdown } from '../../ui/markdown';
import { PageMeta } from '../../ui/page-meta';

export const loader = ({ params }: LoaderFunctionArgs) => orNotFound(fetchMarkdownEntry(`legal/${params.policy}`));

/** `/legal/{policy}` in the legal-content layout, its sections listed beside it. */
export function Component() {
  const policy = useLoaderData<typeof loader>();
  return (
    <LegalContentLayout title={policy.meta.title} updated={policy.meta.updated} toc={headingsOf(policy.body)}>
      <PageMeta title={policy.meta.title} description={policy.meta.description} />
      <Markdown source={policy.body} />
    </LegalContentLayout>
  );
}
