/** The terms of the Caramel Care plan bought with a closed sale: what it covers, for how long, and the terms (content entry `care/terms-condition`). */
import { useLoaderData } from 'react-router-dom';
import { fetchMarkdownEntry, orNotFound } from '../../../data/api/content';
import { Markdown, withRenderedBody } from '../../../ui/markdown';
import { useClosedTransaction } from './detail-layout';

export const loader = () => orNotFound(fetchMarkdownEntry('care/terms-condition').then(withRenderedBody));

export function Component() {
  const terms = useLoaderData<typeof loader>();
  const detail = useClosedTransaction();
  const plan = detail.carePlans.find((candidate) => candidate.id === detail.data.protection.chosenPlanId);
  return (
    <>
      <title>Care terms · Previous transaction</title>
      <h2 className="title is-5">{plan ? `${plan.name}: terms and conditions` : terms.meta.title}</h2>
      {plan && (
        <>
          <p className="mb-2">
            Covered for {plan.termMonths} months or {plan.termMiles.toLocaleString('en-US')} miles from the sale, whichever comes first:
          </p>
          <ul className="ui-checklist mb-4">
            {plan.coverage.map((part) => (
              <li key={part}>{part}</li>
            ))}
          </ul>
        </>
      )}
      <Markdown content={terms.content} />
    </>
  );
}
