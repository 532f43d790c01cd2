/**
 * What cognito-local 5.3 lacks and Amplify v6 needs, answered in Cognito's own wire format:
 * - GetTokensFromRefreshToken (the only refresh call aws-amplify >= 6.15 makes), served
 *   through InitiateAuth REFRESH_TOKEN_AUTH so sessions survive token expiry;
 * - GlobalSignOut, which revokes every refresh token of the caller;
 * - the pool's password policy, which cognito-local stores but never enforces;
 * - phone numbers verified by SMS: cognito-local sends every attribute code to the e-mail
 *   address and cannot send SMS MFA codes for a user who enabled it through
 *   SetUserMFAPreference (it reads only the legacy MFAOptions). Amazon Cognito texts the phone;
 * - `email_verified` as Cognito keeps it: true once a sign-up is confirmed by code, false while a
 *   changed address waits for its code (the original address stays in use, the pool's "keep
 *   original attribute value active" setting), true once it is confirmed — and in the ID token as
 *   that boolean (cognito-local writes Boolean("false"), which is true);
 * - AdminDisableProviderForUser, which unlinks a provider identity (hosted-sign-in/federation.ts);
 * - the `identities` claim of a federated or linked user (hosted-sign-in/federation.ts), which
 *   cognito-local reserves and never writes, and `given_name`/`family_name`, which it leaves out.
 */
import { createRequire } from 'node:module';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import { CognitoError, InvalidParameterError, NotAuthorizedError } from 'cognito-local/lib/errors.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import type { Router } from 'cognito-local/lib/server/Router.js';
import type { Services } from 'cognito-local/lib/services/index.js';
import { attribute, attributesAppend, attributeValue, type UserPoolService } from 'cognito-local/lib/services/userPoolService.js';
import { unmetPasswordRules } from '../../src/domain/password-policy';
import { Federation } from './hosted-sign-in/federation';

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

/** The pool setting that keeps the original address in use until a changed one is confirmed (what production needs too). */
export const KEEP_ORIGINAL_EMAIL = { AttributesRequireVerificationBeforeUpdate: ['email'] };

/** Sets the user's `email_verified` attribute (found by sub, username or e-mail alias). */
async function markEmailVerified(userPool: UserPoolService, username: string, verified: boolean) {
  const ctx = { logger: silentLogger } as never;
  const user = await userPool.getUserByUsername(ctx, username);
  if (!user) return;
  await userPool.saveUser(ctx, { ...user, Attributes: attributesAppend(user.Attributes, attribute('email_verified', String(verified))) });
}

const signingKey = createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.private.json') as { jwk: JWK };

/** The same token with more claims, signed again with the pool's key (and the same header). */
export async function withClaims(token: string, claims: Record<string, unknown>): Promise<string> {
  const { alg, kid } = decodeProtectedHeader(token);
  return new SignJWT({ ...decodeJwt(token), ...claims })
    .setProtectedHeader({ alg: alg!, kid, typ: 'JWT' })
    .sign(await importJWK(signingKey.jwk, alg));
}

/**
 * Tokens whose `email_verified` claim is the attribute's value, not Boolean() of its text, and
 * whose ID token carries `identities` and the name attributes when the user has them, as Amazon
 * Cognito's does.
 */
export class VerifiedClaimsTokenGenerator extends JwtTokenGenerator {
  override async generate(...[ctx, user, ...rest]: Parameters<JwtTokenGenerator['generate']>) {
    const Attributes = user.Attributes.filter((a) => a.Name !== 'email_verified' || a.Value === 'true');
    const tokens = await super.generate(ctx, { ...user, Attributes }, ...rest);
    const identities = JSON.parse(attributeValue('identities', user.Attributes) ?? '[]') as unknown[];
    const claims: Record<string, unknown> = identities.length > 0 ? { identities } : {};
    for (const name of ['given_name', 'family_name']) {
      const value = attributeValue(name, user.Attributes);
      if (value) claims[name] = value;
    }
    if (Object.keys(claims).length === 0) return tokens;
    return { ...tokens, IdToken: await withClaims(tokens.IdToken, claims) };
  }
}

type Attributes = { Name: string; Value?: string }[];

/** Saves a fresh code for the user's phone number and texts it there, as Cognito does. */
async function textPhoneCode(services: Services, accessToken: unknown, source: 'UpdateUserAttribute' | 'VerifyUserAttribute') {
  const { userPool, user, ctx } = await userFromAccessToken(services, accessToken);
  const phone = attributeValue('phone_number', user.Attributes);
  if (!phone) throw new InvalidParameterError('User has no phone_number attribute');
  const code = services.otp();
  await userPool.saveUser(ctx as never, { ...user, AttributeVerificationCode: code });
  const details = { AttributeName: 'phone_number', DeliveryMedium: 'SMS', Destination: phone } as const;
  await services.messages.deliver(ctx as never, source, null, userPool.options.Id, user, code, undefined, details);
  return details;
}

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
    async AdminDisableProviderForUser(req) {
      const user = req.User as { ProviderName?: string; ProviderAttributeValue?: string } | undefined;
      if (!user?.ProviderName || !user.ProviderAttributeValue)
        throw new InvalidParameterError('User.ProviderName and User.ProviderAttributeValue are required');
      await new Federation(services, base, String(req.UserPoolId)).unlink({
        providerName: user.ProviderName,
        userId: user.ProviderAttributeValue,
      });
      return {};
    },
    async GlobalSignOut(req) {
      const { userPool, user, ctx } = await userFromAccessToken(services, req.AccessToken);
      await userPool.saveUser(ctx as never, { ...user, RefreshTokens: [] });
      return {};
    },
  };

  /** A change of phone number (without an e-mail change) is texted to the new number. */
  async function updatePhone(req: Request) {
    const { userPool, user, ctx } = await userFromAccessToken(services, req.AccessToken);
    const changes = (req.UserAttributes as Attributes).filter((a) => a.Name !== 'sub' && !a.Name.includes('_verified'));
    const phoneChanged = changes.some((a) => a.Name === 'phone_number' && a.Value !== attributeValue('phone_number', user.Attributes));
    const attributes = attributesAppend(
      user.Attributes,
      ...(changes as never[]),
      ...(phoneChanged ? [attribute('phone_number_verified', 'false')] : []),
    );
    await userPool.saveUser(ctx as never, { ...user, Attributes: attributes });
    if (!phoneChanged) return { CodeDeliveryDetailsList: [] };
    return { CodeDeliveryDetailsList: [await textPhoneCode(services, req.AccessToken, 'UpdateUserAttribute')] };
  }

  const wrapped: Record<string, (req: Request, next: (req: Request) => Promise<unknown>) => Promise<unknown>> = {
    async UpdateUserAttributes(req, next) {
      const names = ((req.UserAttributes as Attributes | undefined) ?? []).map((a) => a.Name);
      if (names.includes('phone_number') && !names.includes('email')) return updatePhone(req);
      const answer = await next(req);
      // cognito-local holds the new address back until its code is confirmed, yet leaves the old one marked verified.
      const { userPool, user } = await userFromAccessToken(services, req.AccessToken);
      if (attributeValue('email', user.UnverifiedAttributeChanges)) await markEmailVerified(userPool, user.Username, false);
      return answer;
    },
    async ConfirmSignUp(req, next) {
      const answer = await next(req);
      const userPool = await services.cognito.getUserPoolForClientId({ logger: silentLogger } as never, req.ClientId as string);
      await markEmailVerified(userPool, req.Username as string, true);
      return answer;
    },
    async GetUserAttributeVerificationCode(req, next) {
      if (req.AttributeName !== 'phone_number') return next(req);
      return { CodeDeliveryDetails: await textPhoneCode(services, req.AccessToken, 'VerifyUserAttribute') };
    },
    async SetUserMFAPreference(req, next) {
      const sms = req.SMSMfaSettings as { Enabled?: boolean } | undefined;
      const { userPool, user, ctx } = await userFromAccessToken(services, req.AccessToken);
      if (sms?.Enabled && attributeValue('phone_number_verified', user.Attributes) !== 'true') {
        throw new InvalidParameterError('User does not have a verified phone number');
      }
      const answer = await next(req);
      if (sms) {
        const saved = (await userPool.getUserByUsername(ctx as never, user.Username))!;
        const MFAOptions = sms.Enabled ? [{ DeliveryMedium: 'SMS', AttributeName: 'phone_number' }] : [];
        await userPool.saveUser(ctx as never, { ...saved, MFAOptions });
      }
      return answer;
    },
  };

  return (target) => {
    const own = extra[target];
    if (own) return (_ctx, req: Request) => own(req);
    const route = base(target);
    const around = wrapped[target];
    return async (ctx, req: Request) => {
      enforcePasswordPolicy(target, req);
      return around ? around(req, (forwarded) => route(ctx, forwarded)) : route(ctx, req);
    };
  };
}
