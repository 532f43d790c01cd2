import { useState } from 'react';
import { identityService } from '../../data/session';
import { runtimeConfig } from '../../data/runtime-config';
import { identityErrorMessage } from '../../domain/auth-errors';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

const PROVIDERS = ['Google', 'Apple', 'Facebook'] as const;

/**
 * "Continue with …" buttons: Amplify's redirect sign-in (OAuth code flow with PKCE) through the
 * hosted UI. Shown only when `/config.json` names an OAuth domain.
 */
export function SocialSignIn() {
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (!runtimeConfig().auth.oauth) return null;

  async function start(provider: (typeof PROVIDERS)[number]) {
    setFailure(null);
    setLeaving(true);
    try {
      await (await identityService()).startSocialSignIn(provider);
    } catch (error) {
      setLeaving(false);
      setFailure(identityErrorMessage(error, 'sign-in'));
    }
  }

  return (
    <section aria-label="Other ways to sign in" className="mt-5">
      <p className="has-text-centered has-text-grey-dark mb-3">or</p>
      {failure && <Alert kind="danger">{failure}</Alert>}
      <div className="buttons is-flex-direction-column">
        {PROVIDERS.map((provider) => (
          <Button key={provider} variant="outlined" fullWidth disabled={leaving} onClick={() => void start(provider)}>
            Continue with {provider}
          </Button>
        ))}
      </div>
    </section>
  );
}
