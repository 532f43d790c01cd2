import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadSettings } from '../../server/config/settings';

const base = {
  AUTH_USER_POOL_ID: 'us-west-2_AbC123',
  AUTH_USER_POOL_CLIENT_ID: 'client',
  STORAGE_BUCKET: 'caramel-documents',
  APP_ORIGIN: 'https://app.example.com',
};

describe('API settings', () => {
  it('derives the Amazon Cognito issuer and JWKS from region and pool', () => {
    const settings = loadSettings({ ...base, NODE_ENV: 'production' });
    expect(settings.auth.issuer).toBe('https://cognito-idp.us-west-2.amazonaws.com/us-west-2_AbC123');
    expect(settings.auth.jwksUrl).toBe('https://cognito-idp.us-west-2.amazonaws.com/us-west-2_AbC123/.well-known/jwks.json');
  });

  it('refuses to start in production while trusting a local user pool', () => {
    expect(() => loadSettings({ ...base, NODE_ENV: 'production', AUTH_USER_POOL_ENDPOINT: 'http://127.0.0.1:8081' })).toThrow(
      /Refusing to start.*not Amazon Cognito/,
    );
  });

  it('refuses the development mailbox in production', () => {
    expect(() => loadSettings({ ...base, NODE_ENV: 'production', DEV_MAILBOX_FILE: '/tmp/mailbox.json' })).toThrow(/DEV_MAILBOX_FILE/);
  });

  it('takes the push stand-in only on the local stack, and VAPID keys only as a pair', () => {
    expect(() => loadSettings({ ...base, PUSH_STAND_IN_URL: 'http://127.0.0.1:8083' })).toThrow(/PUSH_STAND_IN_URL.*LOCAL_STACK/);
    expect(loadSettings({ ...base, LOCAL_STACK: 'true', PUSH_STAND_IN_URL: 'http://127.0.0.1:8083' }).push.standInUrl).toBe(
      'http://127.0.0.1:8083',
    );
    const pair = webpush.generateVAPIDKeys();
    expect(() => loadSettings({ ...base, VAPID_PUBLIC_KEY: pair.publicKey })).toThrow(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY/);
    expect(() => loadSettings({ ...base, VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: pair.privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
    expect(
      loadSettings({
        ...base,
        VAPID_PUBLIC_KEY: pair.publicKey,
        VAPID_PRIVATE_KEY: pair.privateKey,
        VAPID_SUBJECT: 'mailto:ops@example.com',
      }).push.vapid,
    ).toEqual({
      ...pair,
      subject: 'mailto:ops@example.com',
    });
  });

  it('trusts a local user pool and keeps a development mailbox only when the local stack says so, whatever NODE_ENV is', () => {
    const local = { AUTH_USER_POOL_ENDPOINT: 'http://127.0.0.1:8081', DEV_MAILBOX_FILE: '/tmp/mailbox.json' };
    for (const NODE_ENV of ['development', 'test', 'staging']) {
      expect(() => loadSettings({ ...base, NODE_ENV, AUTH_USER_POOL_ENDPOINT: local.AUTH_USER_POOL_ENDPOINT })).toThrow(
        /not Amazon Cognito.*LOCAL_STACK/,
      );
      expect(() => loadSettings({ ...base, NODE_ENV, DEV_MAILBOX_FILE: local.DEV_MAILBOX_FILE })).toThrow(/DEV_MAILBOX_FILE.*LOCAL_STACK/);
    }
    expect(loadSettings({ ...base, ...local, LOCAL_STACK: 'true' })).toMatchObject({
      localStack: true,
      devMailboxFile: '/tmp/mailbox.json',
    });
    expect(() => loadSettings({ ...base, ...local, LOCAL_STACK: 'true', NODE_ENV: 'production' })).toThrow(/LOCAL_STACK/);
  });

  it('needs the public app origin in production, and believes forwarded headers only from the proxies named', () => {
    const { APP_ORIGIN: _unset, ...withoutOrigin } = base;
    expect(() => loadSettings({ ...withoutOrigin, NODE_ENV: 'production' })).toThrow(/APP_ORIGIN/);
    expect(loadSettings(withoutOrigin)).toMatchObject({ appOrigin: 'http://127.0.0.1:8080', trustedProxies: [] });
    expect(loadSettings({ ...base, TRUSTED_PROXIES: '10.0.0.1, 10.1.0.0/16' })).toMatchObject({
      appOrigin: 'https://app.example.com',
      trustedProxies: ['10.0.0.1', '10.1.0.0/16'],
    });
  });

  it('names each invalid variable', () => {
    const load = () => loadSettings({ ...base, AUTH_USER_POOL_ID: 'nounderscore', PORT: 'eighty' });
    expect(load).toThrow(/AUTH_USER_POOL_ID: Invalid UserPoolId format\./);
    expect(load).toThrow(/PORT: /);
  });
});
