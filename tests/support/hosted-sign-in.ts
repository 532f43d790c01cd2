/**
 * Walks the local hosted sign-in the way a browser does, over HTTPS trusting the stack's own
 * certificate authority: /oauth2/authorize, the provider's page, the link page when asked, and
 * the code exchanged at /oauth2/token with the PKCE verifier. Cookies are kept per walker, so
 * one walker is one browser (its hosted session included).
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:https';
import type { IdentityInfo } from '../../server/stack/identity';

export interface Answer {
  status: number;
  location?: string;
  body: string;
}

export interface HostedTokens {
  id_token: string;
  access_token: string;
  refresh_token?: string;
}

export function hostedSignInWalker(identity: IdentityInfo) {
  const ca = readFileSync(identity.signInCaFile);
  const base = `https://${identity.oauthDomain}`;
  const jar = new Map<string, string>();

  function send(
    method: 'GET' | 'POST',
    path: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const body = form ? new URLSearchParams(form).toString() : undefined;
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const outgoing = request(
        new URL(path, base),
        {
          method,
          ca,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...headers,
          },
        },
        (incoming) => {
          for (const line of incoming.headers['set-cookie'] ?? []) {
            const [pair, ...attributes] = line.split(';');
            const [name, value] = pair!.split('=');
            if (attributes.some((attribute) => attribute.trim() === 'Max-Age=0')) jar.delete(name!);
            else jar.set(name!, value!);
          }
          let text = '';
          incoming.setEncoding('utf8');
          incoming.on('data', (chunk: string) => (text += chunk));
          incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, location: incoming.headers.location, body: text }));
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  }

  return {
    send,
    hasSession: () => jar.has('hosted_session'),

    /** Starts a code flow for `clientId`; answers the verifier and where the authorize endpoint sent the browser. */
    async authorize(options: { clientId: string; redirectUri: string; provider: string; state?: string; scope?: string }) {
      const verifier = randomBytes(64).toString('base64url').slice(0, 128);
      const query = new URLSearchParams({
        redirect_uri: options.redirectUri,
        response_type: 'code',
        client_id: options.clientId,
        identity_provider: options.provider,
        scope: options.scope ?? 'email openid profile aws.cognito.signin.user.admin',
        state: options.state ?? randomBytes(24).toString('base64url').slice(0, 32),
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
      });
      const answer = await send('GET', `/oauth2/authorize?${query}`);
      return { verifier, answer };
    },

    /** Submits the provider page's "use another account" form. */
    approve(providerPage: string, account: { email: string; givenName?: string; familyName?: string }) {
      const url = new URL(providerPage, base);
      return send('POST', url.pathname, { flow: url.searchParams.get('flow')!, ...account });
    },

    /** The flow id a page's forms carry. */
    flowOf(page: string): string {
      return /name="flow" value="([^"]+)"/.exec(page)![1]!;
    },

    async exchange(clientId: string, redirectUri: string, returned: string, verifier: string): Promise<HostedTokens> {
      const code = new URL(returned).searchParams.get('code')!;
      const answer = await send('POST', '/oauth2/token', {
        grant_type: 'authorization_code',
        code,
        client_id: clientId,
        redirect_uri: redirectUri,
        code_verifier: verifier,
      });
      if (answer.status !== 200) throw new Error(`token exchange failed: ${answer.status} ${answer.body}`);
      return JSON.parse(answer.body) as HostedTokens;
    },
  };
}

/** A whole sign-in of a new or known provider account that needs no password proof. */
export async function signInThroughProvider(
  identity: IdentityInfo,
  options: { clientId: string; redirectUri: string; provider: string; email: string; givenName?: string; scope?: string },
) {
  const walker = hostedSignInWalker(identity);
  const { verifier, answer } = await walker.authorize(options);
  const back = await walker.approve(answer.location!, { email: options.email, givenName: options.givenName ?? '' });
  if (!back.location?.startsWith(options.redirectUri)) throw new Error(`not sent back: ${back.status} ${back.location ?? back.body}`);
  return walker.exchange(options.clientId, options.redirectUri, back.location, verifier);
}
