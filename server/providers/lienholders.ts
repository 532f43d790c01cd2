/**
 * Lenders that hold a lien on a seller's car: a searchable list, and a payoff quote for a loan
 * account (amount, the date it is good through, and the daily interest after that). Real
 * lienholders answer a payoff request at once (or by fax…); the sandbox is deterministic from the
 * account number (docs/sandboxes.md): an account ending in 0000 is not found.
 */
import type { Payoff } from '../../src/domain/seller-events';

export interface Lienholder {
  id: string;
  name: string;
  phone: string;
}

export interface Lienholders {
  search(query: string): Lienholder[];
  byId(id: string): Lienholder | undefined;
  /** The payoff quote for an account, or null when the lender has no such loan. */
  payoffQuote(lienholderId: string, accountNumber: string, today?: Date): Promise<Payoff | null>;
}

// Fictional lenders: the sandbox must not look like a partnership with a real bank.
const LIENHOLDERS: Lienholder[] = [
  ['harbor-cu', 'Harbor Credit Union', '(800) 555-0141'],
  ['summit-auto', 'Summit Auto Finance', '(800) 555-0142'],
  ['copper-state', 'Copper State Bank', '(800) 555-0143'],
  ['prairie-fcu', 'Prairie Federal Credit Union', '(800) 555-0144'],
  ['lakeshore-motor', 'Lakeshore Motor Credit', '(800) 555-0145'],
  ['redwood-bank', 'Redwood National Bank', '(800) 555-0146'],
  ['blue-ridge', 'Blue Ridge Auto Loans', '(800) 555-0147'],
  ['cascade-lease', 'Cascade Auto Leasing', '(800) 555-0148'],
  ['granite-trust', 'Granite Trust Bank', '(800) 555-0149'],
  ['mesa-cu', 'Mesa Community Credit Union', '(800) 555-0150'],
  ['northstar', 'Northstar Vehicle Finance', '(800) 555-0151'],
  ['bayou-bank', 'Bayou Savings Bank', '(800) 555-0152'],
].map(([id, name, phone]) => ({ id: id!, name: name!, phone: phone! }));

const PAYOFF_RATE = 0.069; // the sandbox loans' APR, for the daily interest

export const sandboxLienholders: Lienholders = {
  search(query) {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return LIENHOLDERS.filter((lender) => words.every((word) => lender.name.toLowerCase().includes(word)));
  },
  byId: (id) => LIENHOLDERS.find((lender) => lender.id === id),
  async payoffQuote(lienholderId, accountNumber, today = new Date()) {
    if (!this.byId(lienholderId) || accountNumber.endsWith('0000')) return null;
    const digits = accountNumber.replace(/\D/g, '') || '1';
    const amountCents = (3_000 + (Number(digits.slice(-4)) % 27_000)) * 100 + (Number(digits.slice(-2)) % 100);
    const goodThrough = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 10));
    return {
      amountCents,
      goodThrough: goodThrough.toISOString().slice(0, 10),
      perDiemCents: Math.round((amountCents * PAYOFF_RATE) / 365),
      source: 'quote',
    };
  },
};
