import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { deleteAccountRecords } from '../../data/session/account';
import { connectivity } from '../../data/device/connectivity';
import type { CachedProfile } from '../../data/db';
import { identityService, signOut } from '../../data/session/session';
import { identityErrorMessage } from '../../domain/auth-errors';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { showToast } from '../../ui/toast-store';
import { fetchSignInMethods } from '../../data/session/sign-in-methods';
import { DetailsForm } from './details-form';
import { MfaSettings } from './mfa-settings';
import { NotificationSettings } from './notification-settings';
import { SignInMethodsSection } from './sign-in-methods';
import { useCachedProfile } from './use-cached-profile';
import { useIdentityQuery } from './use-identity-query';

export interface IdentityFacts {
  email: string;
  emailVerified: boolean;
  phoneVerified: boolean;
}

async function readIdentityFacts(): Promise<IdentityFacts> {
  const attributes = await (await identityService()).fetchUserAttributes();
  return {
    email: attributes.email ?? '',
    emailVerified: attributes.email_verified === 'true',
    phoneVerified: attributes.phone_number_verified === 'true',
  };
}

/**
 * `/account` (auth): name and mobile, e-mail, ways to sign in, password, two-step verification, sign-out of all
 * devices and account deletion. Saved details read offline from IndexedDB; anything that needs
 * the user pool says so while offline.
 */
export function Component() {
  const { profile, loading } = useCachedProfile();
  const { online } = useSnapshot(connectivity);
  const { data: facts, reload } = useIdentityQuery('User attributes', readIdentityFacts, online);
  const { data: methods, reload: reloadMethods } = useIdentityQuery('Sign-in methods', fetchSignInMethods, online);

  return (
    // Inside the dashboard, a reading-width column: forms stretched across a wide screen are hard to scan.
    <div className="dashboard-narrow">
      <title>Your account</title>
      <h1 className="title is-4">Your account</h1>
      {!online && <Alert kind="info">You are offline. You can read your saved details; changes need a connection.</Alert>}
      {loading ? <p aria-busy="true">Loading your details…</p> : <DetailsSection profile={profile} online={online} />}
      <section className="mt-5" aria-labelledby="account-email">
        <h2 id="account-email" className="title is-6 mb-2">
          E-mail
        </h2>
        <p>
          {profile?.email ?? facts?.email}{' '}
          {facts && (
            <span className={`tag ${facts.emailVerified ? 'is-success is-light' : 'is-warning is-light'}`}>
              {facts.emailVerified ? 'Verified' : 'Not verified'}
            </span>
          )}
        </p>
        <p className="help">You sign in with this address. To change it, contact support from the Help page.</p>
      </section>
      {profile?.mobile && facts && !facts.phoneVerified && (
        <Alert kind="warning">
          <p>Your mobile number is not verified yet.</p>
          <PhoneVerificationLink onSent={reload} />
        </Alert>
      )}
      <SignInMethodsSection methods={methods} online={online} reload={reloadMethods} />
      {/* An account made with Google, Apple or Facebook has no password to change. */}
      {methods?.password !== false && (
        <section className="mt-5" aria-labelledby="account-password">
          <h2 id="account-password" className="title is-6 mb-2">
            Password
          </h2>
          <Link to="/auth/change-password" className={buttonClass({ variant: 'outlined' })}>
            Change password
          </Link>
        </section>
      )}
      <MfaSettings online={online} phoneVerified={facts?.phoneVerified ?? false} email={profile?.email ?? ''} />
      <section className="mt-5" aria-labelledby="account-banks">
        <h2 id="account-banks" className="title is-6 mb-2">
          Bank accounts
        </h2>
        <Link to="/link-account">Linked bank accounts</Link>
      </section>
      <NotificationSettings online={online} />
      <SessionsSection online={online} />
      <DeleteSection online={online} />
    </div>
  );
}

function DetailsSection({ profile, online }: { profile: CachedProfile | undefined; online: boolean }) {
  const navigate = useNavigate();
  return (
    <section aria-labelledby="account-details">
      <h2 id="account-details" className="title is-6 mb-3">
        Your details
      </h2>
      <DetailsForm
        profile={profile}
        label="Your details"
        submitLabel="Save details"
        disabled={!online}
        onSaved={({ phoneCodeSent }) =>
          phoneCodeSent ? navigate('/auth/phone-verification?returnTo=%2Faccount') : showToast('Your details were saved.', 'success')
        }
      />
    </section>
  );
}

function PhoneVerificationLink({ onSent }: { onSent: () => void }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  async function send() {
    try {
      await (await identityService()).sendUserAttributeVerificationCode({ userAttributeKey: 'phone_number' });
      onSent();
      navigate('/auth/phone-verification?returnTo=%2Faccount');
    } catch (error) {
      setFailure(identityErrorMessage(error, 'account'));
    }
  }
  return (
    <p className="mt-2">
      <Button size="small" variant="outlined" onClick={() => void send()}>
        Send a code to verify it
      </Button>
      {failure && <span className="is-block mt-2">{failure}</span>}
    </p>
  );
}

function SessionsSection({ online }: { online: boolean }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    try {
      await signOut('everywhere');
      navigate('/sign-out?scope=everywhere&done=1', { replace: true });
    } catch (error) {
      setBusy(false);
      showToast(identityErrorMessage(error, 'account'), 'danger');
    }
  }
  return (
    <section className="mt-5" aria-labelledby="account-sessions">
      <h2 id="account-sessions" className="title is-6 mb-2">
        Devices
      </h2>
      <p className="mb-3">Lost a phone or used a shared computer? Sign out everywhere, including here.</p>
      <Button variant="outlined" onClick={() => setConfirming(true)} disabled={!online}>
        Sign out of all devices
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Sign out of all devices?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void signOutEverywhere()} loading={busy}>
              Sign out everywhere
            </Button>
          </>
        }
      >
        <p>Every device signed in to your account, including this one, will need your password again.</p>
      </Modal>
    </section>
  );
}

function DeleteSection({ online }: { online: boolean }) {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  async function deleteAccount() {
    setBusy(true);
    setFailure(null);
    try {
      await deleteAccountRecords();
      await (await identityService()).deleteUser();
      await signOut().catch(() => undefined);
      navigate('/?notice=account-deleted', { replace: true });
      showToast('Your account was deleted.', 'success');
    } catch (error) {
      setBusy(false);
      setFailure(error instanceof Error && 'status' in error ? error.message : identityErrorMessage(error, 'account'));
    }
  }
  return (
    <section className="mt-5" aria-labelledby="account-delete">
      <h2 id="account-delete" className="title is-6 mb-2">
        Delete account
      </h2>
      <p className="mb-3">Removes your profile and your sign-in. You can create a new account later with the same e-mail.</p>
      <Button variant="danger" onClick={() => setConfirming(true)} disabled={!online}>
        Delete my account
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Delete your account?"
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep my account
            </Button>
            <Button variant="danger" onClick={() => void deleteAccount()} loading={busy}>
              Delete account
            </Button>
          </>
        }
      >
        {failure && <Alert kind="danger">{failure}</Alert>}
        <p>This cannot be undone. You will be signed out, and your details will be removed.</p>
      </Modal>
    </section>
  );
}
