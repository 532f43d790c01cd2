import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { identityService } from '../../data/session/session';
import { runtimeConfig } from '../../data/api/runtime-config';
import { rememberSocialSignIn, socialSignIn } from '../../data/session/social-sign-in';
import { identityErrorMessage } from '../../domain/auth-errors';
import { SOCIAL_PROVIDERS, type SocialProvider } from '../../domain/social-sign-in';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/**
 * "Continue with …" buttons: Amplify's redirect sign-in (OAuth code flow with PKCE) through the
 * hosted sign-in. Shown only when `/config.json` names an OAuth domain. The page it starts from
 * and the `returnTo` it carries are kept for the way back (data/social-sign-in.ts).
 */
export function SocialSignIn({ from }: { from: '/sign-in' | '/sign-up' }) {
  const { search } = useLocation();
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  if (!runtimeConfig().auth.oauth) return null;

  async function start(provider: SocialProvider) {
    setFailure(null);
    setLeaving(true);
    try {
      // First: a sign-in left unfinished at a provider is settled as the service loads, and must not take this one's place.
      const identity = await identityService();
      rememberSocialSignIn({ provider, from, returnTo: new URLSearchParams(search).get('returnTo') });
      await identity.startSocialSignIn(provider);
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
        {SOCIAL_PROVIDERS.map((provider) => (
          <Button key={provider} variant="outlined" fullWidth disabled={leaving} onClick={() => void start(provider)}>
            Continue with {provider}
          </Button>
        ))}
      </div>
    </section>
  );
}

/**
 * Why the last Google, Apple or Facebook sign-in came back without a session, above the form it
 * began from. The hosted sign-in always returns to /sign-in with its answer in the query: a
 * round trip begun on /sign-up goes back there, and the query is cleared either way.
 */
export function SocialSignInFailure({ on }: { on: '/sign-in' | '/sign-up' }) {
  const { failure } = useSnapshot(socialSignIn);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const leftover = new URLSearchParams(search).has('state');
  useEffect(() => {
    if (!failure || (failure.from === pathname && !leftover)) return;
    const query = failure.returnTo ? `?returnTo=${encodeURIComponent(failure.returnTo)}` : '';
    navigate(`${failure.from}${query}`, { replace: true });
  }, [failure, pathname, leftover, navigate]);
  if (!failure || failure.from !== on) return null;
  return <Alert kind="danger">{failure.message}</Alert>;
}
