import { useEffect } from 'react';
import { refreshDeal, useDeal } from '../../data/deals';

/** The other party's progress in a line (DESIGN.md §11), from the saved deal, which live notices keep current. */
export function OtherPartyProgress({ dealId }: { dealId: string }) {
  const deal = useDeal(dealId);
  useEffect(() => {
    refreshDeal(dealId).catch(() => undefined); // offline: what was saved
  }, [dealId]);
  if (!deal?.otherParty) return null;
  return (
    <p className="other-party-progress" role="status" aria-live="polite">
      {deal.otherParty.progress}
    </p>
  );
}
