/** `/transaction/financing`: estimator, application, offers or the snag, per the finance status (SPEC §4.2). */
import type { ComponentType } from 'react';
import { stepView, useTransactionContext } from '../transaction-context';
import { FinancingLanding, FinancingPending, FinancingReadOnly, LoanOffers, NoOffers } from './financing-views';

const VIEWS: Record<string, ComponentType> = {
  landing: FinancingLanding,
  pending: FinancingPending,
  'offer list': LoanOffers,
  'no offers': NoOffers,
  'read only': FinancingReadOnly,
};

export function Component() {
  const { detail } = useTransactionContext();
  // finance_completed maps to the financing screen with no view: its offers.
  const View = VIEWS[stepView(detail, 'financing', 'offer list')] ?? FinancingLanding;
  return (
    <>
      <title>Financing · Your transaction</title>
      <View />
    </>
  );
}
