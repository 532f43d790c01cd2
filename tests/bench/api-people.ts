/**
 * The people `bench:api` loads the API as: users of the local user pool signed in with their
 * passwords (real ID tokens from cognito-local), and their deals made through the API as the
 * app makes them. Person i sells a car to person i+1 (so everyone is a seller in one deal and a
 * buyer in another) and has one open offer out to person i+2. Each buyer walks identity,
 * financing (cash) and protection, which leaves their transaction where changing a choice
 * (financing or protection, SPEC §4.4 "Edit") is an action that can be repeated: the writes.
 */
import { randomUUID } from 'node:crypto';
import type { IdentityInfo } from '../../server/stack/identity';
import { cognitoCall, createConfirmedUser } from '../support/identity-admin';
import { verifiedInquiry } from '../support/deals';

export interface Person {
  email: string;
  bearer: string;
  /** Their transaction as the buyer: what the detail read and the writes use. */
  buyerTx: string;
}

/** Runs `work` for 0…count-1, `width` at a time. */
export async function inParallel<T>(count: number, width: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

async function signedIn(identity: IdentityInfo, index: number) {
  const { email, password } = await createConfirmedUser(identity, `bench-${index}-${randomUUID().slice(0, 8)}@example.com`);
  const { AuthenticationResult } = await cognitoCall<{ AuthenticationResult: { IdToken: string } }>(identity, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: identity.userPoolClientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  return { email, bearer: `Bearer ${AuthenticationResult.IdToken}` };
}

const VEHICLE = { vin: '1G4AH59H45G118341', mileage: 84000 };
const ADDRESS = { line1: '500 Congress Ave', city: 'Austin', state: 'TX', postalCode: '78701' };
const DETAILS = { housing: 'rent', yearsAtAddress: 3, employer: 'Acme', annualIncomeDollars: 85_000 };

/** The buyer's walk to protection_done, each action with its payload (the first needs a decided inquiry). */
const WALK: [string, object][] = [
  ['address submitted', ADDRESS],
  ['identity done', DETAILS],
  ['finance skipped', {}],
  ['protection skipped', {}],
];

/** The two actions the writes alternate: both taken again and again once protection is done. */
export const REPEATABLE_CHANGES = ['finance skipped', 'protection skipped'] as const;

export async function benchPeople(api: string, identity: IdentityInfo, sandboxUrl: string, count: number, width = 8): Promise<Person[]> {
  const call = async (method: string, path: string, bearer: string | undefined, body?: object, client?: string) => {
    const answer = await fetch(`${api}${path}`, {
      method,
      headers: {
        ...(bearer ? { authorization: bearer } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
        // The bench stands where a load balancer would (TRUSTED_PROXIES): each visitor answers a link from an address of their own.
        ...(client ? { 'x-forwarded-for': client } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
    return text ? JSON.parse(text) : undefined;
  };

  const people = await inParallel(count, 4, (index) => signedIn(identity, index));
  await inParallel(count, width, async (index) => {
    const seller = people[index]!;
    const sale = await call('POST', '/api/offers', seller.bearer, { vehicle: VEHICLE, amount: 20_000 + index, role: 'seller' });
    await call('POST', '/api/offers', seller.bearer, {
      vehicle: VEHICLE,
      amount: 18_000 + index,
      role: 'buyer',
      counterpartyEmail: people[(index + 2) % count]!.email,
    });
    const token = new URL(sale.shareUrl).searchParams.get('token');
    const buyer = people[(index + 1) % count]!;
    const client = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
    await call(
      'POST',
      `/api/public/offer-links/${token}/actions`,
      undefined,
      { action: 'accept', email: buyer.email, latestOfferId: sale.latestOffer.id },
      client,
    );
  });
  return inParallel(count, width, async (index) => {
    const person = people[index]!;
    await call('POST', '/api/offers/link-account', person.bearer);
    const { active } = await call('GET', '/api/transactions', person.bearer);
    const buyerTx = (active as { id: string; side: string }[]).find((transaction) => transaction.side === 'buyer')!.id;
    let version = 0;
    const act = async (event: string, payload: object) => {
      const answer = await call('POST', `/api/transactions/${buyerTx}/events`, person.bearer, {
        event,
        payload,
        idempotencyKey: randomUUID(),
        expectedVersion: version,
      });
      version = answer.transaction.version;
    };
    await act('identity submitted', { inquiryId: await verifiedInquiry(sandboxUrl, buyerTx, 'approved') });
    for (const [event, payload] of WALK) await act(event, payload);
    return { ...person, buyerTx };
  });
}
