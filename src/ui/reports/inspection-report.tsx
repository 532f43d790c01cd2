/** The inspection service's report on the seller's photos: a summary, then a finding per part of the car beside its photo. */
import { useEffect, useState } from 'react';
import { documentUrl } from '../../data/records/documents';
import type { InspectionReport } from '../../domain/transaction-contract';

const SEVERITY: Record<InspectionReport['findings'][number]['severity'], { text: string; tag: string }> = {
  good: { text: 'Good', tag: 'is-success' },
  wear: { text: 'Normal wear', tag: 'is-info' },
  damage: { text: 'Needs attention', tag: 'is-warning' },
};

/**
 * The photo a finding is about, through a fresh read link. Its place is kept while the link comes (an empty frame, also
 * offline or when the image cannot be shown): photos arriving one by one had moved "Done" below them as it was pressed.
 */
function FindingPhoto({ documentKey, alt }: { documentKey: string; alt: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    documentUrl(documentKey).then(
      (fresh) => current && setUrl(fresh),
      () => current && setUrl(null),
    );
    return () => {
      current = false;
    };
  }, [documentKey]);
  return url ? <img src={url} alt={alt} onError={() => setUrl(null)} /> : <span className="finding-photo" aria-hidden="true" />;
}

/** The report, read by the seller who made it ("Your photo") or by their buyer ("The seller’s photo"). */
export function InspectionReportView({ report, readBy = 'seller' }: { report: InspectionReport; readBy?: 'seller' | 'buyer' }) {
  const whose = readBy === 'seller' ? 'Your photo' : 'The seller’s photo';
  // The service writes to the seller ("Damage you pointed out"); the buyer reads who pointed it out.
  const areaOf = (area: string) => (readBy === 'seller' ? area : area.replace(/\byou\b/, 'the seller'));
  return (
    <section aria-labelledby="inspection-report" className="mb-4 has-text-left">
      <h2 id="inspection-report" className="title is-5">
        {readBy === 'seller' ? 'Inspection report' : 'The seller’s inspection report'}
      </h2>
      <p className="mb-3">{report.summary}</p>
      <ul className="inspection-findings mb-3">
        {report.findings.map((finding, index) => (
          <li key={`${finding.area}-${index}`} className="box py-3">
            {finding.documentKey && <FindingPhoto documentKey={finding.documentKey} alt={`${whose}: ${areaOf(finding.area)}`} />}
            <div>
              <span className={`tag is-light ${SEVERITY[finding.severity].tag} mb-1`}>{SEVERITY[finding.severity].text}</span>
              <p>
                <strong>{areaOf(finding.area)}</strong>: {finding.note}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="help">
        Prepared {new Date(report.completedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
      </p>
    </section>
  );
}
