/** `/transaction/insurance`: quote form, finding quotes, quotes, no quotes, policy hand-off, all set (SPEC §4.4). */
import { isPending, stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { FindingQuotes, InsuranceReadOnly, NoQuotes, PolicyConfirm, QuotesList } from './insurance-views';
import { QuoteForm } from './quote-form';

// The carrier's framed page and picking up where the buyer left it are states of the policy confirmation.
const VIEWS: StepViews<'insurance'> = {
  'quote form': () => <QuoteForm />,
  loading: FindingQuotes,
  'quotes list': QuotesList,
  'no quotes': NoQuotes,
  'policy confirm': PolicyConfirm,
  'iframe content': PolicyConfirm,
  'resume step': PolicyConfirm,
  'read only': InsuranceReadOnly,
};

export function Component() {
  const { detail, pending } = useTransactionContext();
  // insurance_opted maps to the insurance screen with no view: confirming the chosen policy.
  const view = stepView(detail, 'insurance', 'policy confirm');
  const View = view !== 'read only' && isPending(pending, 'insurance quote requested') ? FindingQuotes : VIEWS[view];
  return (
    <>
      <title>Insurance · Your transaction</title>
      <View />
    </>
  );
}
