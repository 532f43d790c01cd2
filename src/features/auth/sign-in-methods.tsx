import { useState } from 'react';
import { removeSignInMethod } from '../../data/session/sign-in-methods';
import type { SignInMethods } from '../../domain/sign-in-methods';
import type { SocialProvider } from '../../domain/social-sign-in';
import { Button } from '../../ui/button';
import { showToast } from '../../ui/toast-store';

/**
 * The account page's list of ways to sign in: the password, when the account has one, and each
 * linked provider, which can be removed while another way remains (the API refuses otherwise).
 */
export function SignInMethodsSection({ methods, online, reload }: { methods: SignInMethods | null; online: boolean; reload: () => void }) {
  const [removing, setRemoving] = useState<SocialProvider | null>(null);

  async function remove(provider: SocialProvider) {
    setRemoving(provider);
    try {
      await removeSignInMethod(provider);
      showToast(`${provider} no longer signs you in.`, 'success');
      reload();
    } catch (error) {
      showToast(error instanceof Error ? error.message : `${provider} could not be removed.`, 'danger');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section className="mt-5" aria-labelledby="account-sign-in-methods">
      <h2 id="account-sign-in-methods" className="title is-6 mb-2">
        Ways to sign in
      </h2>
      {!methods ? (
        <p aria-busy={online}>{online ? 'Loading…' : 'Shown when you are online.'}</p>
      ) : (
        <ul aria-label="Ways to sign in">
          {methods.password && <li className="py-2">E-mail and password</li>}
          {methods.providers.map(({ provider, removable }) => (
            <li key={provider} className="is-flex is-align-items-center is-justify-content-space-between py-2">
              <span>{provider}</span>
              {removable ? (
                <Button
                  size="small"
                  variant="outlined"
                  loading={removing === provider}
                  disabled={!online}
                  onClick={() => void remove(provider)}
                >
                  Remove {provider}
                </Button>
              ) : (
                <span className="help">Your account was made with {provider}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
