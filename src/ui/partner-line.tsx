import { partnerSourceName, partnerTermsInWords } from '../domain/partner-contract';

/** Where a partner deal was listed and the partner's terms, shown to both parties (SPEC §3 deal partner). */
export function PartnerLine({ partner }: { partner: { uid: string; source: string; buyerPaysFirst: boolean } | null }) {
  if (!partner) return null;
  return (
    <p className="help partner-line mb-2">
      Listed on {partnerSourceName(partner.source)} · their reference {partner.uid}
      {partner.buyerPaysFirst && <> · {partnerTermsInWords(true)}</>}
    </p>
  );
}
