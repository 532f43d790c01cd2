/** A closed sale's reports tab: the vehicle history and specification, and the seller's inspection report. */
import { InspectionReportView } from '../../../ui/reports/inspection-report';
import { VehicleReportsView } from '../../../ui/reports/vehicle-reports';
import { useClosedTransaction } from './detail-layout';

export function Component() {
  const detail = useClosedTransaction();
  return (
    <>
      <title>Reports · Previous transaction</title>
      <VehicleReportsView reports={detail.vehicleReports} />
      {detail.data.inspection.report && <InspectionReportView report={detail.data.inspection.report} />}
      {detail.sellerInspection && <InspectionReportView report={detail.sellerInspection} readBy="buyer" />}
    </>
  );
}
