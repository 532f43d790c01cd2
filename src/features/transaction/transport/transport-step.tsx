/** `/transaction/transport`: delivery or pickup to choose (landing), what was booked once done (read only). */
import { ChangeChoice } from '../change-choice';
import { stepView, useTransactionContext, type StepViews } from '../transaction-context';
import { TransportChooser } from './transport-chooser';
import { TransportStatus } from './transport-status-page';
import { ShipmentProgress, TransportSummary } from './transport-summary';
import { transportWords } from './transport-words';

function Landing() {
  const { detail } = useTransactionContext();
  const words = transportWords(detail);
  return (
    <section aria-labelledby="transport">
      <h1 id="transport" className="title is-4">
        {words.heading}
      </h1>
      <p className="mb-4">{words.intro}</p>
      <TransportChooser />
    </section>
  );
}

function ReadOnly() {
  const { detail } = useTransactionContext();
  return (
    <section aria-labelledby="transport-done">
      <h1 id="transport-done" className="title is-4">
        Transport booked
      </h1>
      <TransportSummary detail={detail} />
      <ChangeChoice
        changeable={detail.allowedEvents.includes('transport booked')}
        what="your transport"
        label="Change transport"
        panel={(done) => <TransportChooser onBooked={done} />}
      />
      <ShipmentProgress detail={detail} />
    </section>
  );
}

const VIEWS: StepViews<'transport'> = { landing: Landing, success: TransportStatus, 'read only': ReadOnly };

export function Component() {
  const { detail } = useTransactionContext();
  const View = VIEWS[stepView(detail, 'transport', 'landing')];
  return (
    <>
      <title>Transport · Your transaction</title>
      <View />
    </>
  );
}
