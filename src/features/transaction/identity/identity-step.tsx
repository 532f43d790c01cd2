/** `/transaction/identity`: the view the party's identity status maps to (SPEC §4.2, §4.4). */
import { stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { AdditionalInfoForm } from './additional-info-form';
import { Checking, ConfirmAddress, CouldNotVerify, IdentityReadOnly, ManualAddress } from './identity-views';
import { PickupAddress, SellerReports } from './seller-views';
import { VerifyLanding } from './verify-landing';

// The landing view is the widget before verification and the address after it (identity_success).
function Landing() {
  const { detail } = useTransactionContext();
  return detail.status === 'identity_success' ? <ConfirmAddress /> : <VerifyLanding />;
}

// A buyer's last identity questions are for lenders; a seller's is where the car is picked up.
function Details() {
  const { detail } = useTransactionContext();
  return detail.side === 'seller' ? <PickupAddress /> : <AdditionalInfoForm />;
}

const VIEWS: StepViews<'identity'> = {
  landing: Landing,
  success: ConfirmAddress,
  loading: Checking,
  error: CouldNotVerify,
  'manual address form': ManualAddress,
  'additional info form': Details,
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
