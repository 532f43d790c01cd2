import { partnerSourceName } from '../domain/partner-contract';

/** Where a partner deal was listed, shown to both parties (SPEC §3 deal partner). */
export function PartnerLine({ partner }: { partner: { uid: string; source: string } | null }) {
  if (!partner) return null;
  return (
    <p className="help partner-line">
      Listed on {partnerSourceName(partner.source)} · their reference {partner.uid}
    </p>
  );
}
