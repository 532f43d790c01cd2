/** The inspection service's report on the seller's photos: a summary, then a finding per part of the car. */
import type { InspectionReport } from '../../domain/transaction-contract';

const SEVERITY: Record<InspectionReport['findings'][number]['severity'], { text: string; tag: string }> = {
  good: { text: 'Good', tag: 'is-success' },
  wear: { text: 'Normal wear', tag: 'is-info' },
  damage: { text: 'Needs attention', tag: 'is-warning' },
};

export function InspectionReportView({ report }: { report: InspectionReport }) {
  return (
    <section aria-labelledby="inspection-report" className="mb-4">
      <h2 id="inspection-report" className="title is-5">
        Inspection report
      </h2>
      <p className="mb-3">{report.summary}</p>
      <ul className="inspection-findings">
        {report.findings.map((finding, index) => (
          <li key={`${finding.area}-${index}`} className="box py-3">
            <span className={`tag is-light ${SEVERITY[finding.severity].tag} mr-2`}>{SEVERITY[finding.severity].text}</span>
            <strong>{finding.area}</strong>: {finding.note}
          </li>
        ))}
      </ul>
      <p className="help">
        Prepared {new Date(report.completedAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}.
      </p>
    </section>
  );
}
