/**
 * The handover the parties arrange themselves where no flow books transport (issue 41): who
 * brings the car — the buyer collects it, or the seller brings it — where, on which day and at what
 * time. One proposes, the other agrees or proposes another, until the car changes hands. Drawn
 * from the saved transaction (live notices bring the other party's moves); sent online only, since
 * what the other party reads must be what the server holds.
 */
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import * as z from 'zod/mini';
import { ApiError, NetworkError } from '../../data/api/api-client';
import { connectivity } from '../../data/device/connectivity';
import { agreeHandover, proposeHandover } from '../../data/api/handover';
import { otherSide } from '../../domain/parties';
import { addressSchema, addressText, type Address } from '../../domain/payload-fields';
import type { TransactionDetail } from '../../domain/transaction-contract';
import {
  appointmentText,
  HANDOVER_DAYS_AHEAD,
  HANDOVER_METHODS,
  isArranged,
  type ArrangedHandover,
  type HandoverMethod,
} from '../../domain/transport';
import { formatDateTime } from '../../domain/dates';
import { Alert } from '../alert';
import { Button } from '../button';
import { AddressFields } from '../form/address-fields';
import { RadioGroup } from '../form/choice-fields';
import { TextField } from '../form/text-field';
import { reportFlat, useZodForm } from '../form/use-zod-form';

type Side = TransactionDetail['side'];

const METHOD_WORDS: Record<HandoverMethod, Record<Side, string>> = {
  pickup: { buyer: 'You collect the car', seller: 'The buyer collects the car' },
  'drop-off': { buyer: 'The seller brings the car to you', seller: 'You bring the car to the buyer' },
};

const formSchema = z.object({
  method: z.enum(HANDOVER_METHODS, 'Choose who brings the car'),
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day for the handover')),
  time: z.string().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Choose a time for the handover')),
});
type Draft = z.infer<typeof formSchema>;

const placeOf = (draft: Pick<Draft, 'line1' | 'line2' | 'city' | 'state' | 'postalCode'>) => ({
  line1: draft.line1,
  ...(draft.line2.trim() ? { line2: draft.line2 } : {}),
  city: draft.city,
  state: draft.state,
  postalCode: draft.postalCode,
});

/** A day `offset` days from today in this device's time zone, as YYYY-MM-DD. */
const isoDay = (offset: number) => {
  const day = new Date(Date.now() + offset * 86_400_000);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
};
const DAY_RANGE = `Choose a day from today to ${HANDOVER_DAYS_AHEAD} days ahead`;

/** The address rules and the days the server takes, reported against the form's flat fields before anything is sent. */
const checked = formSchema.check(
  z.superRefine((draft, context) => {
    reportFlat(addressSchema, placeOf(draft), context);
    if (/^\d{4}-\d{2}-\d{2}$/.test(draft.day) && (draft.day < isoDay(0) || draft.day > isoDay(HANDOVER_DAYS_AHEAD)))
      context.issues.push({ code: 'custom', message: DAY_RANGE, input: '', path: ['day'] });
  }),
);

function PlanFacts({ plan, side, handedOverAt }: { plan: ArrangedHandover; side: Side; handedOverAt: string | null }) {
  const other = otherSide(side);
  const status = handedOverAt
    ? `Handed over, ${formatDateTime(handedOverAt)}`
    : plan.agreedAt
      ? `Agreed by both of you, ${formatDateTime(plan.agreedAt)}`
      : plan.proposedBy === side
        ? `You proposed it: waiting for the ${other} to agree`
        : `The ${other} proposed it: agree to it, or propose another`;
  return (
    <dl className="ui-facts mb-4">
      <dt>Who</dt>
      <dd>{METHOD_WORDS[plan.method][side]}</dd>
      <dt>Where</dt>
      <dd>{addressText(plan.place)}</dd>
      <dt>{handedOverAt ? 'Planned for' : 'When'}</dt>
      <dd>{appointmentText(plan)}</dd>
      <dt>Status</dt>
      <dd>{status}</dd>
    </dl>
  );
}

function PlanForm({
  detail,
  plan,
  onDone,
  onCancel,
}: {
  detail: TransactionDetail;
  plan: ArrangedHandover | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { online } = useSnapshot(connectivity);
  const own: Address | null = detail.data.identity.pickupAddress ?? detail.data.identity.address;
  const start = plan?.place ?? own;
  const form = useZodForm(checked, {
    method: (plan?.method ?? (detail.side === 'seller' ? 'pickup' : 'drop-off')) as string,
    line1: start?.line1 ?? '',
    line2: start?.line2 ?? '',
    city: start?.city ?? '',
    state: start?.state ?? '',
    postalCode: start?.postalCode ?? '',
    day: plan?.day ?? '',
    time: plan?.time ?? '',
  });
  const [key] = useState(() => crypto.randomUUID());
  const [failure, setFailure] = useState<string | null>(null);
  const submit = form.handleSubmit(async (draft) => {
    setFailure(null);
    try {
      await proposeHandover(detail.id, {
        method: draft.method,
        place: addressSchema.parse(placeOf(draft)),
        day: draft.day,
        time: draft.time,
        idempotencyKey: key,
      });
      onDone();
    } catch (error) {
      setFailure(
        error instanceof NetworkError
          ? 'You are offline: propose the handover once you are back online.'
          : error instanceof ApiError
            ? error.reason
            : (error as Error).message,
      );
    }
  });
  const method = form.field('method');
  return (
    <form onSubmit={submit} onChange={() => setFailure(null)} noValidate aria-label="Propose the handover">
      {failure && <Alert kind="danger">{failure}</Alert>}
      <RadioGroup
        legend="Who brings the car"
        name="method"
        value={String(method.value)}
        onChange={(value) => method.onChange(value)}
        error={method.error}
        options={HANDOVER_METHODS.map((value) => ({ value, label: METHOD_WORDS[value][detail.side] }))}
      />
      <p className="label">Where</p>
      <AddressFields text={(name) => form.textField(name)} state={form.field('state')} />
      <div className="columns">
        <div className="column">
          <TextField label="Day" type="date" min={isoDay(0)} max={isoDay(HANDOVER_DAYS_AHEAD)} {...form.textField('day')} />
        </div>
        <div className="column">
          <TextField label="Time" type="time" step={900} {...form.textField('time')} />
        </div>
      </div>
      {!online && <p className="help mb-2">You are offline: propose the handover once you are back online.</p>}
      <div className="buttons">
        <Button type="submit" loading={form.submitting} disabled={!online}>
          {plan ? 'Propose this instead' : 'Propose this handover'}
        </Button>
        {onCancel && (
          <Button variant="outlined" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

export function HandoverPlanSection({ detail }: { detail: TransactionDetail }) {
  const { online } = useSnapshot(connectivity);
  const [proposing, setProposing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // After a proposal or an agreement the section says where it stands: the focus goes to its heading, which a screen reader reads.
  const settled = () => {
    setProposing(false);
    requestAnimationFrame(() => heading.current?.focus());
  };
  const [agreeing, setAgreeing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const agreeKey = useRef(crypto.randomUUID());
  if (!detail.handover.partiesArrange) return null;
  const appointment = detail.shipment?.status !== 'cancelled' ? detail.shipment?.appointment : null;
  const plan = isArranged(appointment) ? appointment : null;
  const handedOverAt = detail.delivery.handedOverAt;
  const other = otherSide(detail.side);
  const agree = () => {
    setAgreeing(true);
    setFailure(null);
    agreeHandover(detail.id, agreeKey.current).then(
      () => (setAgreeing(false), settled()),
      (error: Error) => {
        setAgreeing(false);
        setFailure(
          error instanceof NetworkError
            ? 'You are offline: agree once you are back online.'
            : error instanceof ApiError
              ? error.reason
              : error.message,
        );
      },
    );
  };
  return (
    <section aria-labelledby="handover-plan-heading" className="box">
      <h2 id="handover-plan-heading" className="title is-5" tabIndex={-1} ref={heading}>
        {handedOverAt ? 'Where and when the car changed hands' : plan ? 'Where and when the car changes hands' : 'Arrange the handover'}
      </h2>
      {plan ? (
        <PlanFacts plan={plan} side={detail.side} handedOverAt={handedOverAt} />
      ) : (
        <p className="mb-4">
          {handedOverAt
            ? `The car changed hands ${formatDateTime(handedOverAt)}, with nothing arranged here.`
            : detail.handover.canPropose
              ? `Agree with the ${other} who brings the car, where and when. Propose it here: the ${other} is told, and agrees or proposes another.`
              : 'Nothing was arranged here.'}
        </p>
      )}
      {failure && <Alert kind="danger">{failure}</Alert>}
      {detail.handover.canAgree && !proposing && (
        <div className="buttons mb-2">
          <Button onClick={agree} loading={agreeing} disabled={!online}>
            Agree to this handover
          </Button>
        </div>
      )}
      {!online && (detail.handover.canAgree || detail.handover.canPropose) && (
        <p className="help mb-2">You are offline: the handover is agreed or proposed once you are back online.</p>
      )}
      {detail.handover.canPropose &&
        (proposing || !plan ? (
          <PlanForm detail={detail} plan={plan} onDone={settled} onCancel={plan ? () => setProposing(false) : undefined} />
        ) : (
          <Button variant="outlined" size="small" onClick={() => setProposing(true)}>
            Propose another place or time
          </Button>
        ))}
    </section>
  );
}
