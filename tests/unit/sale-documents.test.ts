/** The sale's documents as PDFs: each parses, holds the deal's figures, and has a place for each of its signers to sign. */
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { documentsOfSale, SALE_DOCUMENT_KINDS, SALE_DOCUMENTS } from '../../src/domain/signing';
import { dollars, saleDocument } from '../../server/modules/documents/sale-documents';
import type { SaleFacts } from '../../server/modules/documents/sale-facts';

const facts = (financed: boolean): SaleFacts => ({
  dealId: '0b4c8a1e-8c1f-4c55-9d0e-1f2a3b4c5d6e',
  date: '2026-11-22T15:00:00Z',
  buyer: { userId: 'b', name: 'Bea Quinterro', email: 'bea@example.com', address: '400 Pine St, Seattle, WA 98101' },
  seller: { userId: 's', name: 'Sam Okafor', email: 'sam@example.com', address: '12 Elm St, Portland, OR 97201' },
  vehicle: { vin: '1HGCM82633A004352', year: 2019, make: 'Honda' },
  odometer: 84_137,
  priceCents: 2_000_000,
  breakdown: {
    lines: [
      { id: 'vehicle', label: 'Vehicle price', cents: 2_000_000 },
      { id: 'sales tax', label: 'Sales tax (WA)', cents: 130_000 },
      { id: 'platform fee', label: 'Caramel fee', cents: 29_900 },
    ],
    totalCents: 2_159_900,
    financing: financed
      ? {
          lender: 'Harbor Auto Finance',
          apr: 6.49,
          months: 60,
          monthlyPaymentCents: 29_341,
          totalInterestCents: 260_460,
          amountFinancedCents: 1_500_000,
          downPaymentCents: 659_900,
        }
      : null,
    dueAtSigningCents: financed ? 659_900 : 2_159_900,
    lienPayoff: { lender: 'Harbor Credit Union', cents: 1_234_567 },
  },
  lien: { lender: 'Harbor Credit Union', cents: 1_234_567 },
  agentAuthorization: { fullName: 'Samuel Okafor', signedAt: '2026-11-20T09:00:00Z' },
});

async function textOf(bytes: Uint8Array) {
  const { text, totalPages } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return { text: text.replace(/\s+/g, ' '), totalPages };
}

describe('the sale documents', () => {
  it('are the installment contract only when the buyer finances', () => {
    expect(documentsOfSale({ financed: true })).toEqual(SALE_DOCUMENT_KINDS);
    expect(documentsOfSale({ financed: false })).not.toContain('retail-installment-contract');
  });

  for (const kind of SALE_DOCUMENT_KINDS)
    it(`${kind}: parses, names the car and the parties, and has a signature place for each signer`, async () => {
      const { bytes, tabs } = await saleDocument(kind, facts(true));
      const { text } = await textOf(bytes);
      expect(text).toContain(SALE_DOCUMENTS[kind].title);
      expect(text).toContain('1HGCM82633A004352');
      for (const signer of SALE_DOCUMENTS[kind].signers) {
        expect(text).toContain(facts(true)[signer].name);
        expect(tabs.filter((tab) => tab.signer === signer && tab.type === 'signHere').length).toBeGreaterThan(0);
      }
      expect(tabs.every((tab) => (SALE_DOCUMENTS[kind].signers as readonly string[]).includes(tab.signer))).toBe(true);
    });

  it('the odometer statement states the reading the seller gave in the title step', async () => {
    const { text } = await textOf((await saleDocument('odometer-disclosure', facts(false))).bytes);
    expect(text).toContain('the odometer now reads 84,137 miles');
    expect(text).toContain('Sam Okafor');
    expect(text).toContain('Bea Quinterro');
  });

  it('the purchase agreement itemises the price, the total and what is paid at signing', async () => {
    const { text } = await textOf((await saleDocument('purchase-agreement', facts(false))).bytes);
    for (const figure of ['$20,000.00', '$1,300.00', '$299.00', '$21,599.00', '$12,345.67']) expect(text).toContain(figure);
    expect(text).toContain('Sales tax (WA)');
    expect(text).not.toContain('Financed by');
  });

  it('the installment contract discloses the APR, term, payment and finance charge of the chosen loan', async () => {
    const { text } = await textOf((await saleDocument('retail-installment-contract', facts(true))).bytes);
    expect(text).toContain('6.49%');
    expect(text).toContain('60 monthly payments of $293.41');
    expect(text).toContain(dollars(260_460));
    expect(text).toContain(dollars(1_500_000 + 260_460));
    expect(text).toContain('Harbor Auto Finance');
  });

  it('the power of attorney carries the agent authorisation the seller gave', async () => {
    const { text } = await textOf((await saleDocument('power-of-attorney', facts(true))).bytes);
    expect(text).toContain('Samuel Okafor, November 20, 2026');
  });

  it('the E-SIGN consent is the legal page’s text', async () => {
    const { text, totalPages } = await textOf((await saleDocument('esign-consent', facts(false))).bytes);
    expect(text).toContain('Your right to paper copies');
    expect(text).toContain('Withdrawing your consent');
    expect(totalPages).toBeGreaterThanOrEqual(1);
  });
});
