/** `/transaction/financing`: estimator, application, offers or the snag, per the finance status (SPEC §4.2). */
import { stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { FinancingReadOnly } from './financing-read-only';
import { FinancingApplication, FinancingLanding, FinancingPending, LoanOffers, NoOffers } from './financing-views';

const VIEWS: StepViews<'financing'> = {
  landing: FinancingLanding,
  'application form': FinancingApplication,
  pending: FinancingPending,
  'offer list': LoanOffers,
  'no offers': NoOffers,
  'read only': FinancingReadOnly,
};

export function Component() {
  const { detail } = useTransactionContext();
  // finance_completed maps to the financing screen with no view: its offers.
  const View = VIEWS[stepView(detail, 'financing', 'offer list')];
  return (
    <>
      <title>Financing · Your transaction</title>
      <View />
    </>
  );
}
