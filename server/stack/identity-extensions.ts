/**
 * What cognito-local 5.3 lacks and Amplify v6 needs, answered in Cognito's own wire format:
 * - GetTokensFromRefreshToken (the only refresh call aws-amplify >= 6.15 makes), served
 *   through InitiateAuth REFRESH_TOKEN_AUTH so sessions survive token expiry;
 * - GlobalSignOut, which revokes every refresh token of the caller;
 * - the pool's password policy, which cognito-local stores but never enforces.
 */
import { decodeJwt } from 'jose';
import { CognitoError, NotAuthorizedError } from 'cognito-local/lib/errors.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { unmetPasswordRules } from '../../src/domain/password-policy';

type Request = Record<string, unknown>;

/** Where each call carries a new password, as Cognito names the field. */
const NEW_PASSWORD_FIELD: Record<string, (req: Request) => unknown> = {
  SignUp: (req) => req.Password,
  ChangePassword: (req) => req.ProposedPassword,
  ConfirmForgotPassword: (req) => req.Password,
  AdminSetUserPassword: (req) => req.Password,
  AdminCreateUser: (req) => req.TemporaryPassword,
  RespondToAuthChallenge: (req) => (req.ChallengeResponses as Record<string, unknown> | undefined)?.NEW_PASSWORD,
};

const RULE_MESSAGES = {
  length: 'Password not long enough',
  lowercase: 'Password must have lowercase characters',
  uppercase: 'Password must have uppercase characters',
  symbol: 'Password must have symbol characters',
} as const;

function enforcePasswordPolicy(target: string, req: Request): void {
  const password = NEW_PASSWORD_FIELD[target]?.(req);
  if (typeof password !== 'string') return;
  const [firstUnmet] = unmetPasswordRules(password);
  if (firstUnmet) {
    throw new CognitoError('InvalidPasswordException', `Password did not conform with policy: ${RULE_MESSAGES[firstUnmet]}`);
  }
}

async function userFromAccessToken(services: Services, accessToken: unknown) {
  const claims = typeof accessToken === 'string' ? safeDecode(accessToken) : undefined;
  if (!claims?.sub || typeof claims.client_id !== 'string') throw new NotAuthorizedError('Invalid Access Token');
  const ctx = { logger: silentLogger };
  const userPool = await services.cognito.getUserPoolForClientId(ctx as never, claims.client_id);
  const user = await userPool.getUserByUsername(ctx as never, claims.sub);
  if (!user) throw new NotAuthorizedError('User does not exist.');
  return { userPool, user, ctx };
}

function safeDecode(token: string) {
  try {
    return decodeJwt(token);
  } catch {
    return undefined;
  }
}

const silentLogger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLogger };

export function withExtensions(base: Router, services: Services): Router {
  const extra: Record<string, (req: Request) => Promise<unknown>> = {
    async GetTokensFromRefreshToken(req) {
      const initiateAuth = base('InitiateAuth');
      const answer = (await initiateAuth({ logger: silentLogger } as never, {
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: req.ClientId,
        AuthParameters: { REFRESH_TOKEN: req.RefreshToken },
      })) as { AuthenticationResult: Record<string, unknown> };
      return { AuthenticationResult: answer.AuthenticationResult };
    },
    async GlobalSignOut(req) {
      const { userPool, user, ctx } = await userFromAccessToken(services, req.AccessToken);
      await userPool.saveUser(ctx as never, { ...user, RefreshTokens: [] });
      return {};
    },
  };

  return (target) => {
    const own = extra[target];
    if (own) return (_ctx, req: Request) => own(req);
    const route = base(target);
    return async (ctx, req: Request) => {
      enforcePasswordPolicy(target, req);
      return route(ctx, req);
    };
  };
}
