import { describe, expect, it } from 'vitest';
import { validRuntimeConfig as valid } from '../support/runtime-config-fixture';
import { loadRuntimeConfig, runtimeConfig } from '../../src/data/api/runtime-config';

const answering = (status: number, body: unknown) => (async () => new Response(JSON.stringify(body), { status })) as typeof fetch;

describe('loadRuntimeConfig', () => {
  it('accepts a valid /config.json and makes it available', async () => {
    const result = await loadRuntimeConfig(answering(200, valid));
    expect(result).toEqual({ ok: true, config: valid });
    expect(runtimeConfig().auth.userPoolId).toBe('us-west-2_AbC123');
  });

  it('names every invalid key', async () => {
    const result = await loadRuntimeConfig(answering(200, { ...valid, auth: { ...valid.auth, userPoolId: 'bad' }, helpCentreUrl: 'nope' }));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problem).toMatch(/auth\.userPoolId: Invalid UserPoolId format\..*helpCentreUrl/);
  });

  it('says which keys are missing', async () => {
    const { storage: _storage, ...withoutStorage } = valid;
    const result = await loadRuntimeConfig(answering(200, { ...withoutStorage, auth: { ...valid.auth, region: undefined } }));
    expect(result).toEqual({ ok: false, problem: '/config.json is not valid: auth.region: missing; storage: missing.' });
  });

  it('explains an HTTP failure and an unreachable server', async () => {
    expect(await loadRuntimeConfig(answering(404, {}))).toEqual({ ok: false, problem: '/config.json answered HTTP 404.' });
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await loadRuntimeConfig(offline)).toMatchObject({ ok: false, problem: expect.stringContaining('could not be read') });
  });
});

describe('a user pool named without its id or its app client', () => {
  it('says both are required, in SPEC §8’s words', async () => {
    const { userPoolClientId: _client, ...withoutClient } = valid.auth;
    const result = await loadRuntimeConfig(answering(200, { ...valid, auth: withoutClient }));
    expect(result).toEqual({
      ok: false,
      problem: '/config.json is not valid: auth.userPoolClientId: Both UserPoolId and ClientId are required.',
    });
  });
});
