import { Button } from '../../ui/button';
import { TransactionFlowLayout } from '../../ui/layout/transaction-flow-layout';

const STEPS = [
  { id: 'identity', label: 'Identity', state: 'done', to: '/component-library/layouts/transaction-flow' },
  { id: 'financing', label: 'Financing', state: 'done', to: '/component-library/layouts/transaction-flow' },
  { id: 'protection', label: 'Protection', state: 'done', to: '/component-library/layouts/transaction-flow' },
  { id: 'insurance', label: 'Insurance', state: 'current' },
  { id: 'transport', label: 'Transport', state: 'upcoming' },
  { id: 'payment', label: 'Payment', state: 'upcoming' },
  { id: 'signature', label: 'Signature', state: 'upcoming' },
] as const;

export function Component() {
  return (
    <TransactionFlowLayout steps={[...STEPS]}>
      <title>Transaction flow layout · Component library</title>
      <h1 className="title is-3">Insure your new car</h1>
      <p className="mb-4">You need insurance before the car can be delivered. Compare quotes from our partners or add your own policy.</p>
      <div className="buttons">
        <Button>See quotes</Button>
        <Button variant="outlined">I already have a policy</Button>
      </div>
    </TransactionFlowLayout>
  );
}
