/** A dealer's button that sends one request about a sale: its failure in words and whether it is running, then the sale it answers. */
import { useState } from 'react';
import type { DealerSale } from '../../domain/dealer-contract';

export function useSaleAction(action: () => Promise<DealerSale>, onDone: (sale: DealerSale) => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  async function run() {
    setFailure(null);
    setRunning(true);
    try {
      onDone(await action());
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setRunning(false);
    }
  }
  return { run: () => void run(), running, failure };
}
