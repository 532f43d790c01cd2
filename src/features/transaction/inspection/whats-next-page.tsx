/** `/transaction/whats-next`: what happens now for this party, with the dates known so far, and — once both signed — the other party. */
import { GetConnected } from '../signature/get-connected';
import { useTransactionContext } from '../transaction-context';
import { HandoverSection } from '../../../ui/delivery/handover-section';
import { WhatsNext } from './whats-next';

export function Component() {
  const { detail } = useTransactionContext();
  return (
    <>
      <title>What's next · Your transaction</title>
      <h1 className="title is-4">What's next</h1>
      <WhatsNext detail={detail} />
      <HandoverSection detail={detail} />
      <GetConnected transactionId={detail.id} other={detail.side === 'buyer' ? 'seller' : 'buyer'} dealId={detail.dealId} />
    </>
  );
}
