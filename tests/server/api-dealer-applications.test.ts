/**
 * Applying to the dealer programme through the API: a signed-in user applies (one waiting
 * application at a time; an admin or a dealer cannot), admins are told and list it with who sent
 * it, and an admin approves — the applicant passes the dealer check with the application's details
 * and is told — or declines with a reason the applicant reads, after which they may apply again.
 * Only admins list and decide; a decided application stays decided; bad input is a 400 naming the
 * field; and a failure before the commit leaves no application and tells no one.
 */
import { randomUUID } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { dealerApplications } from '../../server/db/dealer-tables';
import { notifications } from '../../server/db/schema';
import { apiFor } from '../support/api-harness';
import { dealersOf } from '../support/dealers';
import { bearerFor, personFor } from '../support/tokens';

const parts = inject('parts');
vi.setConfig({ testTimeout: 60_000 });
let api: Awaited<ReturnType<typeof apiFor>>;
/** Set by a test: every command fails just before its commit. */
let failing = false;

beforeAll(async () => {
  api = await apiFor(parts, {}, undefined, {
    beforeCommit: async () => {
      if (failing) throw new Error('injected: the process died just before the commit');
    },
  });
});
afterAll(() => api.close());

const { newDealer } = dealersOf(() => api, parts.identity);

const application = (overrides: Record<string, unknown> = {}) => ({
  idempotencyKey: randomUUID(),
  dealershipName: 'Hill Country Autos',
  licenceNumber: 'tx-88213',
  address: { line1: '400 Main St', city: 'Fredericksburg', state: 'TX', postalCode: '78624' },
  phone: '+18305550142',
  note: 'Family-run lot since 1998.',
  ...overrides,
});

/** A signed-up user with a name, known to the API. */
async function applicant() {
  const person = await personFor(parts.identity, 'applicant');
  const profile = await api.call('PATCH', '/api/users/profile', person.bearer, { firstName: 'Rosa', lastName: 'Delgado' });
  expect(profile.statusCode).toBe(200);
  return person;
}

/** An admin known to the API (an admin is told of applications once the API has seen them). */
async function knownAdmin() {
  const admin = await bearerFor(parts.identity, ['admin']);
  expect((await api.call('GET', '/api/users/profile', admin)).json().type).toBe('admin');
  return admin;
}

const notificationsOf = async (bearer: string) =>
  (await api.call('GET', '/api/notifications', bearer)).json().notifications as {
    kind: string;
    subject: string;
    body: string;
    link: string;
  }[];

describe('applying and being approved', () => {
  it('the user applies, the admins are told and list it, an admin approves, and the user is a dealer who was told', async () => {
    const admin = await knownAdmin();
    const user = await applicant();
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json()).toEqual({ application: null, dealer: false });

    const asked = application();
    const sent = await api.call('POST', '/api/dealer-applications', user.bearer, asked);
    expect(sent.statusCode, sent.body).toBe(201);
    const made = sent.json();
    expect(made).toMatchObject({
      dealershipName: 'Hill Country Autos',
      licenceNumber: 'TX-88213',
      address: asked.address,
      phone: '+18305550142',
      note: 'Family-run lot since 1998.',
      status: 'pending',
      declineReason: null,
      decidedAt: null,
    });
    // Sent again with its key (a retry): the same application, nothing new.
    const repeated = await api.call('POST', '/api/dealer-applications', user.bearer, asked);
    expect(repeated.json().id).toBe(made.id);
    // Another application while one waits.
    const second = await api.call('POST', '/api/dealer-applications', user.bearer, application({ dealershipName: 'Second Lot' }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already waiting/);
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json()).toEqual({ application: made, dealer: false });

    const told = (await notificationsOf(admin)).find((notification) => notification.kind === 'dealer application');
    expect(told).toMatchObject({ subject: 'A dealer application from Hill Country Autos', link: '/dashboard/dealers' });

    const listed = (await api.call('GET', '/api/admin/dealer-applications', admin)).json();
    expect(listed.pending).toContainEqual({ ...made, applicant: { userId: expect.any(String), email: user.email, name: 'Rosa Delgado' } });
    expect((await api.call('GET', '/api/dealer/sales', user.bearer)).statusCode).toBe(403);

    const approved = await api.call('POST', `/api/admin/dealer-applications/${made.id}/decision`, admin, { decision: 'approve' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      id: made.id,
      status: 'approved',
      decidedAt: expect.any(String),
      applicant: { email: user.email },
    });

    // The dealer check passes, with the application's details on the dealership.
    expect((await api.call('GET', '/api/dealer/sales', user.bearer)).statusCode).toBe(200);
    expect((await api.call('GET', '/api/users/profile', user.bearer)).json().type).toBe('dealer');
    const dealers = (await api.call('GET', '/api/admin/dealers', admin)).json().dealers;
    expect(dealers).toContainEqual(
      expect.objectContaining({
        email: user.email,
        dealershipName: 'Hill Country Autos',
        licenceNumber: 'TX-88213',
        address: asked.address,
      }),
    );
    const mine = (await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json();
    expect(mine).toMatchObject({ application: { id: made.id, status: 'approved' }, dealer: true });
    const decision = (await notificationsOf(user.bearer)).find((notification) => notification.kind === 'dealer application decided');
    expect(decision).toMatchObject({ subject: 'Hill Country Autos is now a Caramel dealer', link: '/finance' });

    // Decided once: another decision is refused, and a dealer does not apply again.
    const again = await api.call('POST', `/api/admin/dealer-applications/${made.id}/decision`, admin, {
      decision: 'decline',
      reason: 'No',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application was already approved.');
    const byDealer = await api.call('POST', '/api/dealer-applications', user.bearer, application());
    expect(byDealer.statusCode).toBe(409);
    const listedAfter = (await api.call('GET', '/api/admin/dealer-applications', admin)).json();
    expect(listedAfter.pending.map((row: { id: string }) => row.id)).not.toContain(made.id);
    expect(listedAfter.decided[0]).toMatchObject({ id: made.id, status: 'approved' });
  });
});

describe('being declined', () => {
  it('the applicant reads the reason, in their application and in what they were told, and may apply again', async () => {
    const admin = await knownAdmin();
    const user = await applicant();
    const made = (await api.call('POST', '/api/dealer-applications', user.bearer, application({ note: undefined }))).json();
    expect(made.note).toBeNull();
    const reason = 'We could not find licence TX-88213 with the Texas DMV. Check the number on your licence.';
    const declined = await api.call('POST', `/api/admin/dealer-applications/${made.id}/decision`, admin, { decision: 'decline', reason });
    expect(declined.statusCode, declined.body).toBe(200);

    const mine = (await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json();
    expect(mine).toMatchObject({ application: { id: made.id, status: 'declined', declineReason: reason }, dealer: false });
    const told = (await notificationsOf(user.bearer)).find((notification) => notification.kind === 'dealer application decided');
    expect(told).toMatchObject({ subject: 'Your dealer application for Hill Country Autos was declined', link: '/dealers/apply' });
    expect(told!.body).toContain(reason);
    expect((await api.call('GET', '/api/dealer/sales', user.bearer)).statusCode).toBe(403);

    const anew = await api.call('POST', '/api/dealer-applications', user.bearer, application({ licenceNumber: 'TX-88214' }));
    expect(anew.statusCode).toBe(201);
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json().application).toMatchObject({
      id: anew.json().id,
      status: 'pending',
      licenceNumber: 'TX-88214',
    });
  });
});

describe('who may do what', () => {
  it('only an admin lists and decides; an admin cannot apply, nor a dealer; an unknown application is 404; signed out is 401', async () => {
    const admin = await knownAdmin();
    const user = await applicant();
    const other = await personFor(parts.identity, 'other');
    const made = (await api.call('POST', '/api/dealer-applications', user.bearer, application())).json();

    for (const caller of [user.bearer, other.bearer]) {
      expect((await api.call('GET', '/api/admin/dealer-applications', caller)).statusCode).toBe(403);
      const decided = await api.call('POST', `/api/admin/dealer-applications/${made.id}/decision`, caller, { decision: 'approve' });
      expect(decided.statusCode).toBe(403);
    }
    expect((await api.call('GET', '/api/dealer-applications/mine', other.bearer)).json()).toEqual({ application: null, dealer: false });
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json().application.status).toBe('pending');

    const byAdmin = await api.call('POST', '/api/dealer-applications', admin, application());
    expect(byAdmin.statusCode).toBe(409);
    expect(byAdmin.json().message).toBe('An admin cannot also be a dealer.');
    const dealer = await newDealer(admin);
    expect((await api.call('POST', '/api/dealer-applications', dealer.bearer, application())).statusCode).toBe(409);

    const unknown = await api.call('POST', `/api/admin/dealer-applications/${randomUUID()}/decision`, admin, { decision: 'approve' });
    expect(unknown.statusCode).toBe(404);
    expect((await api.call('POST', '/api/dealer-applications', undefined, application())).statusCode).toBe(401);
    expect((await api.call('GET', '/api/dealer-applications/mine')).statusCode).toBe(401);
  });

  it('bad input is a 400 naming the field, never a 500', async () => {
    const admin = await knownAdmin();
    const user = await applicant();
    const cases: [Record<string, unknown>, string][] = [
      [application({ dealershipName: ' ' }), 'dealershipName'],
      [application({ licenceNumber: '!' }), 'licenceNumber'],
      [application({ address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '787' } }), 'address.postalCode'],
      [application({ address: { line1: '1 Main St', city: 'Austin', state: 'ZZ', postalCode: '78701' } }), 'address.state'],
      [application({ phone: '555-0100' }), 'phone'],
      [application({ note: 'x'.repeat(501) }), 'note'],
      [application({ idempotencyKey: 'again' }), 'idempotencyKey'],
    ];
    for (const [body, field] of cases) {
      const answer = await api.call('POST', '/api/dealer-applications', user.bearer, body);
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(answer.json()).toMatchObject({ field, message: expect.stringMatching(new RegExp(`^${field}: `)) });
    }
    // Text no database can store is named in the message.
    const unstorable = await api.call('POST', '/api/dealer-applications', user.bearer, application({ note: 'nul\u0000inside' }));
    expect(unstorable.statusCode).toBe(400);
    expect(unstorable.json().message).toMatch(/^note: /);
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json().application).toBeNull();

    const made = (await api.call('POST', '/api/dealer-applications', user.bearer, application())).json();
    const decide = (body: unknown, id = made.id) => api.call('POST', `/api/admin/dealer-applications/${id}/decision`, admin, body);
    const decisions: [unknown, string][] = [
      [{ decision: 'decline' }, 'reason'],
      [{ decision: 'decline', reason: '  ' }, 'reason'],
      [{ decision: 'decline', reason: 'x'.repeat(301) }, 'reason'],
      [{ decision: 'maybe' }, 'decision'],
      [{}, 'decision'],
    ];
    for (const [body, field] of decisions) {
      const answer = await decide(body);
      expect(answer.statusCode, `${field}: ${answer.body}`).toBe(400);
      expect(answer.json().field).toBe(field);
    }
    const badId = await decide({ decision: 'approve' }, 'not-an-id');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('applicationId');
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json().application.status).toBe('pending');
  });
});

describe('one unit of work', () => {
  it('two applications sent at once: one is taken, the other refused with 409, never a 500', async () => {
    const user = await applicant();
    const answers = await Promise.all(
      ['First Lot', 'Second Lot'].map((dealershipName) =>
        api.call('POST', '/api/dealer-applications', user.bearer, application({ dealershipName })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
  });

  it('a failure before the commit leaves no application and tells no admin; sent again, it is taken', async () => {
    await knownAdmin();
    const user = await applicant();
    const adminsTold = async () =>
      (await api.database.db.select({ n: count() }).from(notifications).where(eq(notifications.kind, 'dealer application')))[0]!.n;
    const before = await adminsTold();
    const asked = application();
    failing = true;
    try {
      expect((await api.call('POST', '/api/dealer-applications', user.bearer, asked)).statusCode).toBe(500);
    } finally {
      failing = false;
    }
    expect((await api.call('GET', '/api/dealer-applications/mine', user.bearer)).json().application).toBeNull();
    expect(await adminsTold()).toBe(before);
    const waiting = await api.database.db.select({ n: count() }).from(dealerApplications).where(eq(dealerApplications.status, 'pending'));
    expect((await api.call('POST', '/api/dealer-applications', user.bearer, asked)).statusCode).toBe(201);
    const waitingAfter = await api.database.db
      .select({ n: count() })
      .from(dealerApplications)
      .where(eq(dealerApplications.status, 'pending'));
    expect(waitingAfter[0]!.n).toBe(waiting[0]!.n + 1);
    expect(await adminsTold()).toBeGreaterThan(before);
  });
});
