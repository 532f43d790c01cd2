/** Server-test helpers for the dealer programme: a dealer made by an admin, a financed sale, the lender's decision awaited. */
import { randomUUID } from 'node:crypto';
import { expect, vi } from 'vitest';
import type { ApiCaller } from './api-caller';
import { personFor } from './tokens';

type Pool = Parameters<typeof personFor>[0];

export const LOT = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' };

/** A financed sale's submission; the SSN's last four are the sandbox lender's magic value. */
export const financedSale = (ssn: string, email = `ada-${randomUUID().slice(0, 8)}@example.com`) => ({
  idempotencyKey: randomUUID(),
  kind: 'finance',
  vehicle: { vin: '1G4AH59H45G118341', mileage: 84000 },
  priceDollars: 18_500,
  customer: { name: 'Ada Customer', email, mobile: '+14155550134' },
  application: {
    annualIncomeDollars: 72_000,
    housing: 'rent',
    monthlyHousingDollars: 1_500,
    employer: 'Acme Corp',
    yearsEmployed: 4,
    ssn,
    consent: true,
  },
});

/** A financed sale whose customer signed a paper application, to be uploaded and sent after. */
export const signedApplicationSale = (email = `ada-${randomUUID().slice(0, 8)}@example.com`) => {
  const { application: _typed, ...sale } = financedSale('123450003', email);
  return { ...sale, signedApplication: { customerSigned: true, consent: true } };
};

export function dealersOf(apiOf: () => ApiCaller, identity: Pool) {
  /** A signed-up user the admin makes a dealer of Lone Star Motors, on its lot in Austin. */
  async function newDealer(admin: string) {
    const api = apiOf();
    const dealer = await personFor(identity, 'dealer');
    await api.call('GET', '/api/users/profile', dealer.bearer); // signed up: the API knows them
    const made = await api.call('POST', '/api/admin/dealers', admin, {
      email: dealer.email,
      dealershipName: 'Lone Star Motors',
      licenceNumber: 'tx-12345',
      address: LOT,
    });
    expect(made.statusCode).toBe(201);
    return { ...dealer, userId: made.json().userId as string };
  }

  /** The sale once the lender's webhook has decided it. */
  async function decided(dealer: { bearer: string }, saleId: string) {
    return vi.waitFor(
      async () => {
        const sale = (await apiOf().call('GET', `/api/dealer/sales/${saleId}`, dealer.bearer)).json();
        expect(sale.decision).toMatch(/^(approved|conditional|declined)$/);
        return sale;
      },
      { timeout: 20_000, interval: 100 },
    );
  }
  return { newDealer, decided };
}
