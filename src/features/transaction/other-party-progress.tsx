import { useEffect } from 'react';
import { refreshDeal, useDeal } from '../../data/records/deals';
import { PartnerLine } from '../../ui/partner-line';

/** The other party's progress in a line (DESIGN.md §11), from the saved deal, which live notices keep current. */
export function OtherPartyProgress({ dealId }: { dealId: string }) {
  const deal = useDeal(dealId);
  useEffect(() => {
    refreshDeal(dealId).catch(() => undefined); // offline: what was saved
  }, [dealId]);
  if (!deal) return null;
  return (
    <div className="mt-5">
      <PartnerLine partner={deal.partner} />
      {deal.otherParty && (
        <p className="other-party-progress" role="status" aria-live="polite">
          {deal.otherParty.progress}
        </p>
      )}
    </div>
  );
}
