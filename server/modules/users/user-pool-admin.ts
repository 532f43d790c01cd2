/**
 * The user pool's admin calls the API makes for sign-in methods (AdminGetUser,
 * AdminDisableProviderForUser), signed with the API's AWS credentials (in production the task
 * role needs `cognito-idp:AdminGetUser` and `cognito-idp:AdminDisableProviderForUser`); locally
 * against the local pool, which checks no signature.
 */
import {
  AdminDisableProviderForUserCommand,
  AdminGetUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { LinkedIdentity } from '../../../src/domain/social-sign-in';

export interface PoolUserSignIn {
  /** False for a user made by a provider sign-in (status EXTERNAL_PROVIDER): no password of their own. */
  hasPassword: boolean;
  identities: LinkedIdentity[];
}

export interface UserPoolAdmin {
  /** Null when the pool has no such user (deleted while a token was still valid). */
  signInOf(username: string): Promise<PoolUserSignIn | null>;
  unlink(identity: Pick<LinkedIdentity, 'providerName' | 'userId'>): Promise<void>;
}

export function cognitoUserPoolAdmin(options: {
  region: string;
  userPoolId: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}): UserPoolAdmin {
  const client = new CognitoIdentityProviderClient({
    region: options.region,
    endpoint: options.endpoint,
    credentials: options.credentials,
    maxAttempts: 3, // SPEC §9 retry limit
  });
  return {
    async signInOf(username) {
      const user = await client
        .send(new AdminGetUserCommand({ UserPoolId: options.userPoolId, Username: username }))
        .catch((error: Error) => (error.name === 'UserNotFoundException' ? null : Promise.reject(error)));
      if (!user) return null;
      const identities = user.UserAttributes?.find((attribute) => attribute.Name === 'identities')?.Value;
      return {
        hasPassword: user.UserStatus !== 'EXTERNAL_PROVIDER',
        identities: identities ? (JSON.parse(identities) as LinkedIdentity[]) : [],
      };
    },
    async unlink({ providerName, userId }) {
      await client.send(
        new AdminDisableProviderForUserCommand({
          UserPoolId: options.userPoolId,
          User: { ProviderName: providerName, ProviderAttributeName: 'Cognito_Subject', ProviderAttributeValue: userId },
        }),
      );
    },
  };
}
