import { useLocation, useNavigate } from 'react-router-dom';
import { returnTarget, withReturnTo } from '../../domain/return-target';
import { AuthHeading } from './auth-heading';
import { DetailsForm } from './details-form';
import { useCachedProfile } from './use-cached-profile';

/**
 * `/sign-up/additional-details` (guard registration-additional-info): first name, last name and
 * mobile. Saving them marks the details as submitted; the mobile is then verified by SMS.
 */
export function Component() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { profile, loading } = useCachedProfile();
  return (
    <>
      <AuthHeading title="Tell us about you">
        We use your name on offers and documents, and your mobile for codes and updates about a deal.
      </AuthHeading>
      {loading ? (
        <p aria-busy="true">Loading…</p>
      ) : (
        <DetailsForm
          profile={profile}
          label="Tell us about you"
          submitLabel="Continue"
          mobileHelp="US numbers only. We text a code to confirm it."
          fullWidth
          onSaved={({ phoneCodeSent }) =>
            navigate(phoneCodeSent ? withReturnTo('/auth/phone-verification', search) : returnTarget(search), { replace: true })
          }
        />
      )}
    </>
  );
}
