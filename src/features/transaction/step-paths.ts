/** Labels and screens of the steps in the progress bar; a done step links to its read-only view. */
import type { Flow } from '../../domain/transaction-flows';
import type { FlowStep } from '../../domain/transaction-transitions';

export const STEP_LABELS: Record<FlowStep, string> = {
  identity: 'Identity',
  financing: 'Financing',
  protection: 'Protection',
  insurance: 'Insurance',
  transport: 'Transport',
  payment: 'Payment',
  signature: 'Signature',
  title: 'Title',
  inspection: 'Inspection',
};

export function stepPath(flow: Flow, step: FlowStep, transactionId: string): string {
  const path = flow === 'dealer-financing' && step === 'financing' ? '/finance' : `/transaction/${step}`;
  return `${path}?transaction=${transactionId}`;
}
