/**
 * Back from the e-signature provider's page: its `event` says how the session ended. What happened
 * is kept for the screen and taken out of the address; a finished signing is told to the API once
 * (which checks it with the provider before it counts) and to the party once. Held by the
 * signature step itself, not by one of its views: the step may show another view by the time the
 * party is back — read-only, when the provider's "completed" reached the API first and the API
 * recorded the signature from the envelope. The party is then taken where the sale leads next,
 * as they are when their own report moves it.
 */
import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { signingStateOf } from '../../../data/api/signing';
import { useApiAnswer } from '../../../data/records/use-api-answer';
import { SIGNING_RETURNS, type SigningReturn, type SigningState } from '../../../domain/signing';
import { showToast } from '../../../ui/toast-store';
import { isPending, type TransactionContext } from '../transaction-context';
import { noticeWhileWaiting } from './use-signing';

const isReturn = (event: string | null): event is SigningReturn => event !== null && event in SIGNING_RETURNS;

/** Envelopes whose signing was told in this tab: the step's screen can mount again while the address still says so. */
const told = new Set<string>();
/**
 * The arrivals (history entries) whose `event` is being taken out of the address. The step's screen mounts again when
 * the shell takes the party on and swaps its layout, before that navigation lands; tidying the address a second time
 * then would be a navigation of its own that cancels the shell's and leaves the party here for good.
 */
const tidied = new Set<string>();

export const SigningReturnContext = createContext<SigningReturn | null>(null);
export const useReturnedFromSigning = () => useContext(SigningReturnContext);

export function useSigningReturn({ detail, pending, act }: Pick<TransactionContext, 'detail' | 'pending' | 'act'>): SigningReturn | null {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { pathname, key } = useLocation();
  const [returned] = useState<SigningReturn | null>(() => {
    const event = params.get('event');
    return isReturn(event) ? event : null;
  });
  useEffect(() => {
    if (!params.has('event') || tidied.has(key)) return;
    tidied.add(key);
    params.delete('event');
    setParams(params, { replace: true });
  }, [key, params, setParams]);

  const finished = returned === 'signing_complete';
  // Read until it answers: a connection lost right after "Finish signing" is tried again when it comes back, not only
  // when the sale next moves (use-api-answer.ts); the copy is the signing screens' own.
  const { answer, savedAt } = useApiAnswer(
    () => (finished ? signingStateOf(detail.id) : Promise.resolve(null)),
    [finished, detail.id, detail.version],
    finished ? { keep: `signing:${detail.id}` } : {},
  );
  // This read's own answer (not the copy kept from before signing): it says whether the other party has signed too.
  const state: SigningState | null = finished && savedAt === undefined ? (answer ?? null) : null;

  // A second recording would be refused and shown as "not applied" wherever the party goes next.
  const canRecord = detail.allowedEvents.includes('documents signed') && !isPending(pending, 'documents signed');
  // The provider's "completed" reached the API first and the API recorded the signature from the envelope. The saved
  // copy says so by itself, so this is told in the same moment the sale moves on (the transaction then takes the party
  // elsewhere and this step's screen is gone): it never waits for the signing state's own answer.
  const { signature } = detail.data;
  const recordedAlready =
    finished &&
    !canRecord &&
    !isPending(pending, 'documents signed') &&
    Boolean(signature.signedAt && signature.envelopeId) &&
    (!state || state.envelopeId === signature.envelopeId);
  const envelopeId = recordedAlready ? signature.envelopeId : state?.envelopeId;
  const otherSigned = Boolean(state?.other.signedAt) || signature.collected;
  const destination = detail.destination?.path;
  useEffect(() => {
    if (!finished || !envelopeId || told.has(envelopeId) || !(canRecord || recordedAlready)) return;
    told.add(envelopeId);
    // A dealer's customer signs after the dealer, whom they know by name.
    const them = detail.dealer && detail.side === 'buyer' ? detail.dealer.name : `the ${detail.side === 'buyer' ? 'seller' : 'buyer'}`;
    const said = otherSigned
      ? `You signed your documents. ${them.charAt(0).toUpperCase()}${them.slice(1)} signed already: the signed copies follow in a moment.`
      : `You signed your documents. We will send you the signed copies once ${them} has signed.`;
    if (recordedAlready) {
      showToast(said, 'success', 10_000);
      if (destination && destination !== pathname) navigate(`${destination}?transaction=${detail.id}`, { replace: true });
      return;
    }
    // The flow may take the party elsewhere once it is recorded (a seller goes home): the toast says it happened, wherever they land.
    void act('documents signed', { envelopeId }).then(() => {
      const id = showToast(said, 'success', 10_000);
      if (!otherSigned) noticeWhileWaiting(id);
    });
  }, [
    finished,
    envelopeId,
    otherSigned,
    act,
    canRecord,
    recordedAlready,
    destination,
    pathname,
    navigate,
    detail.id,
    detail.dealer,
    detail.side,
  ]);
  return returned;
}
