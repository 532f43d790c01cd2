/** `/transaction/identity`: the view the party's identity status maps to (SPEC §4.2, §4.4). */
import { stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { AdditionalInfoForm } from './additional-info-form';
import { Checking, ConfirmAddress, CouldNotVerify, IdentityReadOnly, ManualAddress, SellerReports } from './identity-views';
import { VerifyLanding } from './verify-landing';

// The landing view is the widget before verification and the address after it (identity_success).
function Landing() {
  const { detail } = useTransactionContext();
  return detail.status === 'identity_success' ? <ConfirmAddress /> : <VerifyLanding />;
}

const VIEWS: StepViews<'identity'> = {
  landing: Landing,
  success: ConfirmAddress,
  loading: Checking,
  error: CouldNotVerify,
  'manual address form': ManualAddress,
  'additional info form': AdditionalInfoForm,
  reports: SellerReports,
  'read only': IdentityReadOnly,
};

export function Component() {
  const { detail } = useTransactionContext();
  const View = VIEWS[stepView(detail, 'identity', 'landing')];
  return (
    <>
      <title>Identity · Your transaction</title>
      <View />
    </>
  );
}
