/** `/transaction/insurance`: quote form, finding quotes, quotes, no quotes, policy hand-off, all set (SPEC §4.4). */
import type { ComponentType } from 'react';
import { isPending, stepView, useTransactionContext } from '../transaction-context';
import { FindingQuotes, InsuranceReadOnly, NoQuotes, PolicyConfirm, QuotesList } from './insurance-views';
import { QuoteForm } from './quote-form';

const VIEWS: Record<string, ComponentType> = {
  'quote form': () => <QuoteForm />,
  'quotes list': QuotesList,
  'no quotes': NoQuotes,
  'policy confirm': PolicyConfirm,
  'read only': InsuranceReadOnly,
};

export function Component() {
  const { detail, pending } = useTransactionContext();
  // insurance_opted maps to the insurance screen with no view: confirming the chosen policy.
  const view = stepView(detail, 'insurance', 'policy confirm');
  const View = view !== 'read only' && isPending(pending, 'insurance quote requested') ? FindingQuotes : (VIEWS[view] ?? QuotesList);
  return (
    <>
      <title>Insurance · Your transaction</title>
      <View />
    </>
  );
}
