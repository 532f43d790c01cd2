import { describe, expect, inject, it } from 'vitest';
import { apiFor } from '../support/api-harness';
import { freePort } from '../support/free-port';

const parts = inject('parts');

describe('GET /api/healthz', () => {
  it('reports every part ok when each really answers', async () => {
    const api = await apiFor(parts);
    const answer = await api.app.inject('/api/healthz');
    await api.close();
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok', identity: 'ok' });
  });

  it('names the part that fails, says why, and answers 503', async () => {
    const nothingHere = `http://127.0.0.1:${await freePort()}`;
    const api = await apiFor(parts, { STORAGE_ENDPOINT: nothingHere });
    const answer = await api.app.inject('/api/healthz');
    await api.close();
    expect(answer.statusCode).toBe(503);
    const body = answer.json();
    expect(body).toMatchObject({ status: 'error', database: 'ok', identity: 'ok' });
    expect(body.storage).toMatch(/^error: .*ECONNREFUSED/);
  });

  it('reports a missing bucket as a storage failure', async () => {
    const api = await apiFor(parts, { STORAGE_BUCKET: 'no-such-bucket' });
    const answer = await api.app.inject('/api/healthz');
    await api.close();
    expect(answer.statusCode).toBe(503);
    expect(answer.json().storage).toMatch(/^error: .*404/);
  });
});
