/**
 * `/transaction/signature` (SPEC §4.4 signature views). The buyer starts the step, agrees to sign
 * electronically, checks their government ID where the flow asks for it, then signs; the seller
 * signs once both have paid; a dealer signs first, once the transport is booked. Read-only once done: the documents and who signed when.
 */
import { formatDateTime } from '../../../domain/dates';
import { nextStatus } from '../../../domain/transaction-transitions';
import type { ViewOf } from '../../../domain/transaction-steps';
import { Button } from '../../../ui/button';
import { isPending, useTransactionContext, type StepViews } from '../transaction-context';
import { GovernmentIdCheck, GovernmentIdFailed, GovernmentIdReviewFailed } from './gov-id-views';
import { SaleDocumentsList } from './sale-documents-list';
import { SignDocuments } from './sign-documents';
import { useSigning } from './use-signing';
import { SigningReturnContext, useSigningReturn } from './use-signing-return';

/** The buyer's first screen of the step: what signing involves, then on to the ID check. */
function Start() {
  const { detail, pending, actInOrder } = useTransactionContext();
  if (detail.flow === 'dealer-financing') return <DealerStart />;
  if (detail.side === 'seller' || !['payment_done', 'signature_start'].includes(detail.status)) return <SignDocuments />;
  // One press takes the buyer to the ID check, through the flow's in-between status where it has one (a press that
  // only reached it looked like nothing happened), queued as one: the in-between screen is never drawn. After a reload
  // there, the same button goes the rest of the way.
  const starting = detail.status === 'payment_done';
  const moves =
    starting && nextStatus(detail.flow, 'payment_done', 'signature start') === 'signature_start'
      ? (['signature start', 'signing started'] as const)
      : ([starting ? 'signature start' : 'signing started'] as const);
  const start = () => actInOrder(moves.map((event) => ({ event })));
  return (
    <section aria-labelledby="signing-start">
      <h1 id="signing-start" className="title is-4">
        Sign your documents
      </h1>
      <p className="mb-3">Your payment is arranged. Two things are left before the car is yours on paper:</p>
      <ol className="mb-4 ml-5">
        <li>A quick check of the government ID you sign with.</li>
        <li>Signing the bill of sale, the odometer statement, your purchase agreement and, when you finance, your loan contract.</li>
      </ol>
      <Button onClick={() => void start()} loading={moves.some((move) => isPending(pending, move))}>
        {starting ? 'Start' : 'Continue to the ID check'}
      </Button>
    </section>
  );
}

/** A dealer signs first, once the transport is booked and the figures are final; their customer is mailed after. */
function DealerStart() {
  const { detail, pending, actInOrder } = useTransactionContext();
  // Preparing is the first two moves; from then on (signing, and signed while the move is on its way) it is the documents.
  if (detail.status !== 'transport_done' && detail.status !== 'signature_start') return <SignDocuments />;
  const preparing = isPending(pending, 'signature start') || isPending(pending, 'signing started');
  const prepare = () =>
    actInOrder([
      ...(detail.status === 'transport_done' ? [{ event: 'signature start' as const }] : []),
      { event: 'signing started' as const },
    ]);
  return (
    <section aria-labelledby="dealer-signing">
      <h1 id="dealer-signing" className="title is-4">
        Sign the sale
      </h1>
      <p className="mb-3">The deal is structured and the transport booked, so the documents can be made with their final figures.</p>
      <ol className="mb-4 ml-5">
        <li>You sign the bill of sale, the odometer disclosure and, when the customer finances, the retail installment contract.</li>
        <li>Your customer is then e-mailed to review the price breakdown with the loan terms, pay what is due, check their ID and sign.</li>
      </ol>
      <Button onClick={() => void prepare()} loading={preparing}>
        Prepare the documents
      </Button>
    </section>
  );
}

function ReadOnly() {
  const { detail } = useTransactionContext();
  const { state } = useSigning(detail);
  const other = detail.side === 'buyer' ? 'seller' : 'buyer';
  return (
    <section aria-labelledby="signed">
      <h1 id="signed" className="title is-4">
        Your documents
      </h1>
      {state ? (
        <>
          <dl className="ui-facts">
            <dt>You signed</dt>
            <dd>{state.you.signedAt ? formatDateTime(state.you.signedAt) : 'Not yet'}</dd>
            <dt>The {other} signed</dt>
            <dd>{state.other.signedAt ? formatDateTime(state.other.signedAt) : 'Not yet'}</dd>
          </dl>
          <SaleDocumentsList documents={state.documents} />
        </>
      ) : (
        <p aria-busy="true">Loading your documents…</p>
      )}
    </section>
  );
}

const VIEWS: StepViews<'signature'> = {
  started: Start,
  'government started': GovernmentIdCheck,
  // Through Start, as every other status that signs: a status moving on under the open form (the documents made, the other
  // party signed) keeps the same components in place, so the consent the party just ticked is not reset by a remount.
  'gov id success': Start,
  'gov id failed': GovernmentIdFailed,
  'gov id manual review failed': GovernmentIdReviewFailed,
  'read only': ReadOnly,
};

/** The view for the party's status: the flow tables map every signing status to this screen, not to a view. */
function viewOf(status: string, done: boolean, dealer: boolean): ViewOf<'signature'> {
  if (done) return 'read only';
  // A dealer signs without a government-ID check (the §4.2 dealer financing table has none).
  if (dealer) return 'started';
  if (status === 'signature_started' || status === 'signature_gov_id_started') return 'government started';
  if (status === 'signature_gov_id_failed') return 'gov id failed';
  if (status === 'signature_gov_id_failed_manual_review') return 'gov id manual review failed';
  if (status.startsWith('signature_gov_id_success')) return 'gov id success';
  return 'started';
}

export function Component() {
  const context = useTransactionContext();
  const { detail } = context;
  const returned = useSigningReturn(context);
  const done = detail.steps.find((step) => step.step === 'signature')?.state === 'done';
  const View = VIEWS[viewOf(detail.status, done, detail.flow === 'dealer-financing')];
  return (
    <SigningReturnContext.Provider value={returned}>
      <title>Signature · Your transaction</title>
      <View />
    </SigningReturnContext.Provider>
  );
}
