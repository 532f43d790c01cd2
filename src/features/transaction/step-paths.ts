/** Where a step's screen is; a done step in the progress bar links to its read-only view. */
import type { Flow } from '../../domain/transaction-flows';
import type { FlowStep } from '../../domain/transaction-transitions';

export function stepPath(flow: Flow, step: FlowStep, transactionId: string): string {
  const path = flow === 'dealer-financing' && step === 'financing' ? '/finance' : `/transaction/${step}`;
  return `${path}?transaction=${transactionId}`;
}
