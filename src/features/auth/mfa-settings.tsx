import { useState } from 'react';
import { identityService } from '../../data/session/session';
import { identityErrorMessage } from '../../domain/auth-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { OtpInput } from '../../ui/form/otp-input';
import { showToast } from '../../ui/toast-store';
import { TotpSetupInstructions } from './totp-setup';
import { useIdentityQuery } from './use-identity-query';

type Preference = { enabled: ('SMS' | 'TOTP' | 'EMAIL')[]; preferred?: string };

async function readPreference(): Promise<Preference> {
  const answer = await (await identityService()).fetchMFAPreference();
  return { enabled: answer.enabled ?? [], preferred: answer.preferred };
}

/**
 * Two-step verification on the account page (SPEC §5: optional, SMS or authenticator app):
 * what is on, setting up an authenticator app with a QR code and a manual key, and turning
 * either method on or off.
 */
export function MfaSettings({ online, phoneVerified, email }: { online: boolean; phoneVerified: boolean; email: string }) {
  const [failure, setFailure] = useState<string | null>(null);
  const [setup, setSetup] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const { data: preference, reload: load } = useIdentityQuery('MFA preference', readPreference, online);

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    setFailure(null);
    try {
      await action();
      load();
      showToast(done, 'success');
    } catch (error) {
      setFailure(identityErrorMessage(error, 'account'));
    } finally {
      setBusy(false);
    }
  }

  async function startSetup() {
    setBusy(true);
    setFailure(null);
    try {
      setSetup(await (await identityService()).startTotpSetup(email));
    } catch (error) {
      setFailure(identityErrorMessage(error, 'account'));
    } finally {
      setBusy(false);
    }
  }

  async function finishSetup(event: React.FormEvent) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) return setCodeError('Enter all 6 digits of the code');
    setCodeError(undefined);
    setBusy(true);
    try {
      await (await identityService()).finishTotpSetup(code);
      setSetup(null);
      setCode('');
      load();
      showToast('Your authenticator app is set up. You will need a code from it at sign-in.', 'success');
    } catch (error) {
      setCodeError(identityErrorMessage(error, 'confirm-code'));
    } finally {
      setBusy(false);
    }
  }

  const totpOn = preference?.enabled.includes('TOTP') ?? false;
  const smsOn = preference?.enabled.includes('SMS') ?? false;
  return (
    <section className="mt-5" aria-labelledby="account-mfa">
      <h2 id="account-mfa" className="title is-6 mb-2">
        Two-step verification
      </h2>
      {failure && <Alert kind="danger">{failure}</Alert>}
      {!online ? (
        <p>Available when you are online.</p>
      ) : preference === null ? (
        <p aria-busy="true">Checking your settings…</p>
      ) : setup ? (
        <form onSubmit={finishSetup} noValidate aria-label="Set up an authenticator app">
          <TotpSetupInstructions secret={setup.secret} uri={setup.uri} />
          <OtpInput label="Code from your authenticator app" value={code} onChange={setCode} error={codeError} />
          <div className="buttons">
            <Button type="submit" loading={busy}>
              Turn on
            </Button>
            <Button variant="secondary" onClick={() => setSetup(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <p className="mb-3">
            {totpOn || smsOn
              ? `On: sign-in asks for a code from ${[totpOn && 'your authenticator app', smsOn && 'a text message'].filter(Boolean).join(' or ')}.`
              : 'Off. Add a second step so a stolen password is not enough to get into your account.'}
          </p>
          <div className="buttons">
            {totpOn ? (
              <Button
                variant="outlined"
                loading={busy}
                onClick={() =>
                  void run(async () => void (await (await identityService()).setMfa('totp', false)), 'Authenticator app turned off.')
                }
              >
                Turn off authenticator app
              </Button>
            ) : (
              <Button variant="outlined" loading={busy} onClick={() => void startSetup()}>
                Set up authenticator app
              </Button>
            )}
            {smsOn ? (
              <Button
                variant="outlined"
                loading={busy}
                onClick={() =>
                  void run(async () => void (await (await identityService()).setMfa('sms', false)), 'Text message codes turned off.')
                }
              >
                Turn off text message codes
              </Button>
            ) : (
              <Button
                variant="outlined"
                loading={busy}
                disabled={!phoneVerified}
                onClick={() =>
                  void run(async () => void (await (await identityService()).setMfa('sms', true)), 'Text message codes turned on.')
                }
              >
                Use text message codes
              </Button>
            )}
          </div>
          {!smsOn && !phoneVerified && <p className="help">Verify your mobile number to use text message codes.</p>}
        </>
      )}
    </section>
  );
}
