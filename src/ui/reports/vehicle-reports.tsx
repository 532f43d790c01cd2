/** The vehicle history and specification reports (SPEC §2.10), as both parties read them. */
import type { VehicleReports } from '../../domain/vehicle-reports';

const day = (iso: string) => new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric' });
const miles = (count: number) => `${count.toLocaleString('en-US')} miles`;

export function VehicleReportsView({ reports, headingLevel = 2 }: { reports: VehicleReports; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const { history, specification } = reports;
  return (
    <div className="vehicle-reports">
      <section aria-labelledby="history-report" className="mb-5">
        <Heading id="history-report" className="title is-5">
          Vehicle history
        </Heading>
        <dl className="ui-facts">
          <dt>Title</dt>
          <dd>{history.titleBrands.length ? `Branded: ${history.titleBrands.join(', ')}` : 'Clean: no brands on record'}</dd>
          <dt>Owners</dt>
          <dd>{history.owners}</dd>
          <dt>Accidents</dt>
          <dd>
            {history.accidents.length === 0
              ? 'None reported'
              : history.accidents.map((accident) => (
                  <span key={accident.date} className="is-block">
                    {day(accident.date)}: {accident.description} ({accident.severity})
                  </span>
                ))}
          </dd>
          <dt>Open recalls</dt>
          <dd>
            {history.openRecalls.length === 0
              ? 'None'
              : history.openRecalls.map((recall) => (
                  <span key={recall.campaign} className="is-block">
                    {recall.component} ({recall.campaign}): {recall.summary}
                  </span>
                ))}
          </dd>
        </dl>
        <div className="table-container">
          <table className="table is-fullwidth is-narrow">
            <caption className="has-text-left has-text-weight-semibold mb-2">Odometer readings on record</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Reading</th>
                <th scope="col">Source</th>
              </tr>
            </thead>
            <tbody>
              {history.odometerReadings.map((reading) => (
                <tr key={reading.date}>
                  <td>{day(reading.date)}</td>
                  <td>{miles(reading.miles)}</td>
                  <td>{reading.source}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="specification-report">
        <Heading id="specification-report" className="title is-5">
          Specification
        </Heading>
        <dl className="ui-facts">
          <dt>Model year</dt>
          <dd>{specification.modelYear}</dd>
          <dt>Make</dt>
          <dd>{specification.make ?? 'Not decoded from the VIN'}</dd>
          <dt>Body</dt>
          <dd>{specification.bodyStyle}</dd>
          <dt>Engine</dt>
          <dd>{specification.engine}</dd>
          <dt>Drivetrain</dt>
          <dd>{specification.drivetrain}</dd>
          <dt>Fuel</dt>
          <dd>{specification.fuel}</dd>
          <dt>VIN</dt>
          <dd>{specification.vin}</dd>
        </dl>
      </section>
    </div>
  );
}
