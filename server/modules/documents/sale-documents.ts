/**
 * The sale's documents, written from the deal's facts (sale-facts.ts): the E-SIGN consent (the
 * legal page's text), the bill of sale, the federal odometer disclosure statement (49 CFR 580.5),
 * the limited power of attorney for the title transfer, the purchase agreement with the itemised
 * price, and the retail installment contract when the buyer finances. Every figure comes from the
 * facts; nothing is left to fill in by hand.
 */
import { readFileSync } from 'node:fs';
import { SALE_DOCUMENTS, type SaleDocumentKind } from '../../../src/domain/signing';
import { pdfWriter, type SignatureTab, type Writer } from '../../pdf/pdf-writer';
import type { SaleFacts } from './sale-facts';

export const dollars = (cents: number) => (cents / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' });
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
const miles = (value: number) => `${value.toLocaleString('en-US')} miles`;
const vehicleName = (facts: SaleFacts) => [facts.vehicle.year, facts.vehicle.make ?? 'vehicle'].join(' ');

/** The E-SIGN policy page as plain paragraphs: front matter dropped, links reduced to their words. */
function esignPolicy(): { heading: string | null; text: string }[] {
  const source = readFileSync(new URL('../../../public/content/legal/esign-policy.md', import.meta.url), 'utf8');
  const body = source.replace(/^---[\s\S]*?---\s*/, '');
  return body
    .split(/\n{2,}/)
    .map((block) => block.trim().replace(/\[([^\]]+)\]\([^)]+\)/g, '$1'))
    .filter(Boolean)
    .map((block) => (block.startsWith('#') ? { heading: block.replace(/^#+\s*/, ''), text: '' } : { heading: null, text: block }));
}

const parties = (w: Writer, facts: SaleFacts) =>
  w.rows([
    ['Seller', `${facts.seller.name}, ${facts.seller.address ?? facts.seller.email}`],
    ['Buyer', `${facts.buyer.name}, ${facts.buyer.address ?? facts.buyer.email}`],
  ]);
const vehicle = (w: Writer, facts: SaleFacts) =>
  w.rows([
    ['Vehicle', vehicleName(facts)],
    ['VIN', facts.vehicle.vin],
    ['Odometer', miles(facts.odometer)],
  ]);

type Compose = (w: Writer, facts: SaleFacts) => void;

const COMPOSE: Record<SaleDocumentKind, Compose> = {
  'esign-consent': (w, facts) => {
    w.paragraph(`For the sale of the ${vehicleName(facts)} (VIN ${facts.vehicle.vin}), deal ${facts.dealId}.`, { muted: true });
    for (const block of esignPolicy()) {
      if (block.heading) w.subheading(block.heading);
      else w.paragraph(block.text);
    }
    w.signature('seller', `${facts.seller.name}, seller`);
    w.signature('buyer', `${facts.buyer.name}, buyer`);
  },
  'bill-of-sale': (w, facts) => {
    w.paragraph(`Dated ${longDate(facts.date)}. Deal ${facts.dealId}.`, { muted: true });
    parties(w, facts);
    vehicle(w, facts);
    w.rows([['Sale price', dollars(facts.priceCents)]]);
    w.paragraph(
      `For the sale price above, received in full through Caramel's escrow, the seller sells and transfers the vehicle described above to the buyer. The seller states that they are the lawful owner, have the right to sell it, and that it is free of any lien or claim ${facts.lien ? `once the loan with ${facts.lien.lender} (${dollars(facts.lien.cents)}) is paid off from the sale proceeds` : 'at the time of sale'}. The vehicle is sold as is, without warranty from the seller beyond any the manufacturer still gives.`,
    );
    w.initials('seller');
    w.initials('buyer');
    w.signature('seller', `${facts.seller.name}, seller`);
    w.signature('buyer', `${facts.buyer.name}, buyer`);
  },
  'odometer-disclosure': (w, facts) => {
    w.paragraph(
      'Federal and state law require that you state the mileage upon transfer of ownership. Failure to complete, or providing a false statement, may result in fines and/or imprisonment.',
      {
        muted: true,
      },
    );
    vehicle(w, facts);
    w.paragraph(
      `I, ${facts.seller.name}, state that the odometer now reads ${facts.odometer.toLocaleString('en-US')} miles (no tenths) and to the best of my knowledge it reflects the actual mileage of the vehicle described above, unless one of the following statements is checked.`,
    );
    w.paragraph(
      '[ ] I hereby certify that to the best of my knowledge the odometer reading reflects the amount of mileage in excess of its mechanical limits.',
    );
    w.paragraph('[ ] I hereby certify that the odometer reading is NOT the actual mileage. WARNING — ODOMETER DISCREPANCY.');
    w.rows([
      ['Transferor (seller)', `${facts.seller.name}, ${facts.seller.address ?? facts.seller.email}`],
      ['Transferee (buyer)', `${facts.buyer.name}, ${facts.buyer.address ?? facts.buyer.email}`],
      ['Date of statement', longDate(facts.date)],
    ]);
    w.signature('seller', `${facts.seller.name}, transferor`);
    w.paragraph('I acknowledge receipt of this odometer disclosure statement.', { muted: true });
    w.signature('buyer', `${facts.buyer.name}, transferee`);
  },
  'power-of-attorney': (w, facts) => {
    w.paragraph(
      `I, ${facts.seller.name}, appoint Caramel Title Services as my agent, with power limited to the following: to sign, in my name, the certificate of title and any application, odometer disclosure or lien release the department of motor vehicles requires to transfer the title of the vehicle below to ${facts.buyer.name}, and to receive the title from my lender once the loan is paid off. The agent may do nothing else in my name. This power ends when the title is transferred or the sale is cancelled.`,
    );
    vehicle(w, facts);
    w.rows([
      ['Seller (principal)', `${facts.seller.name}, ${facts.seller.address ?? facts.seller.email}`],
      ['Agent', 'Caramel Title Services'],
      [
        'Authorised in the app',
        facts.agentAuthorization
          ? `${facts.agentAuthorization.fullName}${facts.agentAuthorization.signedAt ? `, ${longDate(facts.agentAuthorization.signedAt)}` : ''}`
          : `By signing below, ${longDate(facts.date)}`,
      ],
    ]);
    w.signature('seller', `${facts.seller.name}, principal`);
  },
  'purchase-agreement': (w, facts) => {
    w.paragraph(`Dated ${longDate(facts.date)}. Deal ${facts.dealId}.`, { muted: true });
    parties(w, facts);
    vehicle(w, facts);
    w.subheading('Itemised price');
    w.rows([
      ...facts.breakdown.lines.map((line): [string, string] => [line.label, dollars(line.cents)]),
      ['Total', dollars(facts.breakdown.totalCents)],
    ]);
    if (facts.breakdown.financing)
      w.rows([
        [`Financed by ${facts.breakdown.financing.lender}`, dollars(facts.breakdown.financing.amountFinancedCents)],
        ['Paid by the buyer at signing', dollars(facts.breakdown.dueAtSigningCents)],
      ]);
    else w.rows([['Paid by the buyer at signing', dollars(facts.breakdown.dueAtSigningCents)]]);
    if (facts.lien)
      w.paragraph(
        `${dollars(facts.lien.cents)} of the price is paid to ${facts.lien.lender} to release its lien before the seller is paid.`,
      );
    w.paragraph(
      `The buyer's payment is held by Caramel and released to the seller by the agreement's rules: the lien payoff first, half of the seller's proceeds when the title is received and the rest when the buyer has the vehicle. Either party may cancel before the vehicle is handed over, on the terms shown in the app.`,
    );
    w.initials('seller');
    w.initials('buyer');
    w.signature('seller', `${facts.seller.name}, seller`);
    w.signature('buyer', `${facts.buyer.name}, buyer`);
  },
  'retail-installment-contract': (w, facts) => {
    const loan = facts.breakdown.financing!;
    const financeCharge = loan.totalInterestCents;
    w.paragraph(`Buyer: ${facts.buyer.name}, ${facts.buyer.address ?? facts.buyer.email}. Creditor: ${loan.lender}.`, { muted: true });
    vehicle(w, facts);
    w.subheading('Truth in Lending disclosures');
    w.rows([
      ['Annual percentage rate', `${loan.apr.toFixed(2)}%`],
      ['Finance charge', dollars(financeCharge)],
      ['Amount financed', dollars(loan.amountFinancedCents)],
      ['Total of payments', dollars(loan.amountFinancedCents + financeCharge)],
      ['Down payment', dollars(loan.downPaymentCents)],
      ['Payment schedule', `${loan.months} monthly payments of ${dollars(loan.monthlyPaymentCents)}`],
    ]);
    w.paragraph(
      `The buyer promises to pay ${loan.lender} the amount financed plus the finance charge in the payments above. The vehicle secures this contract; ${loan.lender} is shown as lienholder on the title until it is paid.`,
    );
    w.initials('buyer');
    w.signature('buyer', `${facts.buyer.name}, buyer`);
  },
};

/** The document of `kind` for the sale, with the places its signers sign. */
export async function saleDocument(kind: SaleDocumentKind, facts: SaleFacts): Promise<{ bytes: Uint8Array; tabs: SignatureTab[] }> {
  const title = SALE_DOCUMENTS[kind].title;
  const w = await pdfWriter({ title, subject: `${vehicleName(facts)} · VIN ${facts.vehicle.vin} · deal ${facts.dealId}` });
  w.heading(title);
  COMPOSE[kind](w, facts);
  return w.finish();
}
