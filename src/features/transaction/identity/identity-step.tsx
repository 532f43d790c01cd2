/** `/transaction/identity`: the view the party's identity status maps to (SPEC §4.2, §4.4). */
import type { ComponentType } from 'react';
import { stepView, useTransactionContext } from '../transaction-context';
import { AdditionalInfoForm } from './additional-info-form';
import { Checking, ConfirmAddress, CouldNotVerify, IdentityReadOnly, ManualAddress, SellerReports } from './identity-views';
import { VerifyLanding } from './verify-landing';

const VIEWS: Record<string, ComponentType> = {
  loading: Checking,
  error: CouldNotVerify,
  'manual address form': ManualAddress,
  'additional info form': AdditionalInfoForm,
  reports: SellerReports,
  'read only': IdentityReadOnly,
};

export function Component() {
  const { detail } = useTransactionContext();
  const view = stepView(detail, 'identity');
  // The landing view is the widget before verification and the address after it (identity_success).
  const Landing = detail.status === 'identity_success' ? ConfirmAddress : VerifyLanding;
  const View = VIEWS[view] ?? Landing;
  return (
    <>
      <title>Identity · Your transaction</title>
      <View />
    </>
  );
}
