/** Who acts next on a side of a deal (src/domain/next-step.ts): every step a sale waits on leads somewhere, and names who acts. */
import { describe, expect, it } from 'vitest';
import { nextStep, type NextStepInput } from '../../src/domain/next-step';
import type { TransactionStatus } from '../../src/domain/transaction-flows';

const NOTHING: NextStepInput['data'] = { title: { review: null }, inspection: { report: null } };
const seller = (status: TransactionStatus, other: TransactionStatus = 'signature_done', data = NOTHING): NextStepInput => ({
  transactionId: 'tx-seller',
  side: 'seller',
  flow: 'title-report',
  status,
  data,
  cancelled: false,
  other: { side: 'buyer', flow: 'financed-buyer', status: other },
  dealer: null,
});
const buyer = (status: TransactionStatus, other: TransactionStatus, data = NOTHING): NextStepInput => ({
  transactionId: 'tx-buyer',
  side: 'buyer',
  flow: 'financed-buyer',
  status,
  data,
  cancelled: false,
  other: { side: 'seller', flow: 'title-report', status: other },
  dealer: null,
});

describe('the next step', () => {
  it('leads a seller who signed to the inspection, the step the sale still waits on', () => {
    expect(nextStep(seller('signature_done'))).toEqual({
      who: 'you',
      text: expect.stringMatching(/self-inspection/),
      action: { label: 'Inspect the car', to: '/transaction/inspection?transaction=tx-seller' },
    });
  });

  it('tells the buyer who finished that the sale waits on the seller’s inspection', () => {
    expect(nextStep(buyer('signature_done', 'signature_done'))).toEqual({
      who: 'seller',
      text: 'Your part is done. Waiting for the seller to send their self-inspection of the car (or skip it).',
      action: null,
    });
    expect(nextStep(buyer('signature_done', 'inspection_done'))).toBeNull();
  });

  it('waits on the other party’s payment before the documents, and on their signature after yours', () => {
    expect(nextStep(seller('payment_done', 'payment_start'))).toMatchObject({ who: 'buyer', action: null, text: /buyer to pay/ });
    expect(nextStep(seller('payment_done', 'payment_done'))).toMatchObject({ who: 'you', action: { label: 'Sign the documents' } });
    expect(nextStep(seller('signature_completed', 'signature_started'))).toMatchObject({
      who: 'buyer',
      text: /Waiting for the buyer to sign/,
    });
  });

  it('names the provider at work, and the party’s turn when it asks something of them', () => {
    const reviewing = { ...NOTHING, title: { review: { state: 'pending' } } };
    expect(nextStep(seller('title_docs_submitted', 'identity_started', reviewing))).toMatchObject({ who: 'title desk', action: null });
    const photo = { ...NOTHING, title: { review: { state: 'needs photo' } } };
    expect(nextStep(seller('title_docs_submitted', 'identity_started', photo))).toMatchObject({
      who: 'you',
      action: { to: /\/transaction\/title/ },
    });
    expect(nextStep(buyer('transport_done', 'identity_done'))).toMatchObject({ who: 'seller', action: null });
  });

  it('holds a dealer’s customer until the dealer signs, and says nothing of a cancelled sale', () => {
    const customer: NextStepInput = {
      ...buyer('transport_done', 'verification_done'),
      flow: 'payment-first',
      other: { side: 'seller', flow: 'dealer-financing', status: 'verification_done' },
      dealer: { name: 'Lone Star Motors', signed: false },
    };
    expect(nextStep(customer)).toMatchObject({ who: 'dealer', text: /Lone Star Motors is preparing your sale/ });
    expect(nextStep({ ...customer, dealer: { name: 'Lone Star Motors', signed: true } })).toMatchObject({ who: 'you' });
    expect(nextStep({ ...seller('signature_done'), cancelled: true })).toBeNull();
  });
});
