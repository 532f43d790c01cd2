import { NotificationPrompt } from '../../ui/notification-prompt';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import * as z from 'zod/mini';
import { notSavedText } from '../../data/api/problem-words';
import { startOffer, useStartedOffer } from '../../data/outbox/offer-actions';
import { connectivity } from '../../data/device/connectivity';
import { session } from '../../data/session/session-store';
import { clearUngatedProcess, readUngatedProcess, saveUngatedProcess } from '../../data/device/ungated-process';
import { MAX_MILEAGE, parseWholeNumber, typedDollars } from '../../domain/offer-fields';
import { checkVin } from '../../domain/vin';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/form/choice-fields';
import { CurrencyField, TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { PageMeta } from '../../ui/page-meta';
import { ShareLink } from './share-link';

const saleSchema = z
  .object({
    role: z.enum(['seller', 'buyer'], 'Choose whether you sell or buy'),
    vin: z.string().check(
      z.refine((value) => checkVin(value).ok, {
        error: (issue) => (checkVin(String(issue.input)) as { message?: string }).message ?? 'Enter the 17-character VIN',
      }),
    ),
    mileage: z.string().check(
      z.trim(),
      z.regex(/^\d[\d,]*$/, 'Enter the mileage in whole miles'),
      z.refine((text) => parseWholeNumber(text) <= MAX_MILEAGE, 'That mileage is not possible'),
    ),
    amount: typedDollars('price'),
    share: z.boolean(),
    counterpartyEmail: z.string(),
  })
  .check(
    z.refine((draft) => draft.share || z.email().safeParse(draft.counterpartyEmail.trim()).success, {
      message: 'Enter their e-mail address, or choose to share a link',
      path: ['counterpartyEmail'],
    }),
  );

type Draft = z.infer<typeof saleSchema>;
const EMPTY: Draft = { role: 'seller', vin: '', mileage: '', amount: '', share: true, counterpartyEmail: '' };
const START_SALE_DRAFT = { key: 'start-sale' } as const;

/**
 * `/start-sale`: the vehicle by VIN, its mileage and the price; selling or buying; the other side
 * by e-mail or by a link to share. A visitor who is not signed in keeps the draft in the
 * ungated-process record and finishes after signing up or in.
 */
export function Component() {
  const { status } = useSnapshot(session);
  const navigate = useNavigate();
  const saved = readUngatedProcess();
  // Signed in, what was typed is kept on the device until sent (a reload, offline too, brings it back); a visitor's
  // goes with them to sign-up in the ungated-process record instead.
  const form = useZodForm(
    saleSchema,
    saved?.kind === 'start-sale' ? saved.draft : EMPTY,
    status === 'signed-in' ? START_SALE_DRAFT : undefined,
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [unconfirmedVin, setUnconfirmedVin] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: string; email: string | null } | null>(null);
  const vin = checkVin(form.values.vin);

  async function send(draft: Draft) {
    setFailure(null);
    if (status !== 'signed-in') {
      saveUngatedProcess({ kind: 'start-sale', draft });
      navigate('/sign-up?returnTo=%2Fstart-sale');
      return;
    }
    try {
      const key = await startOffer({
        vehicle: { vin: draft.vin, mileage: parseWholeNumber(draft.mileage) },
        amount: parseWholeNumber(draft.amount),
        role: draft.role,
        ...(draft.share ? {} : { counterpartyEmail: draft.counterpartyEmail.trim() }),
      });
      clearUngatedProcess();
      setCreated({ key, email: draft.share ? null : draft.counterpartyEmail.trim() });
    } catch (error) {
      setFailure(notSavedText('Your offer was not sent', error));
    }
  }

  const submit = form.handleSubmit(async (draft) => {
    const decoded = checkVin(draft.vin);
    // A valid VIN from a maker we do not know: say so, and let the user go on (issue 6).
    if (decoded.ok && !decoded.maker) return setUnconfirmedVin(decoded.vin);
    await send(draft);
  });

  if (created) return <SaleStarted startedWith={created.key} email={created.email} />;

  if (unconfirmedVin) {
    return (
      <section aria-labelledby="vin-unconfirmed">
        <PageMeta title="Unable to confirm VIN" description="We could not match this VIN to a maker." />
        <h1 id="vin-unconfirmed" className="title">
          Unable to confirm VIN
        </h1>
        <p className="mb-4">
          <strong>{unconfirmedVin}</strong> is a valid VIN, but we could not tell which maker built it. Check it against the title or the
          driver-side door frame. If it is right, you can continue.
        </p>
        <div className="buttons">
          <Button
            onClick={() => {
              setUnconfirmedVin(null);
              void send(form.values);
            }}
          >
            The VIN is right — continue
          </Button>
          <Button variant="outlined" onClick={() => setUnconfirmedVin(null)}>
            Edit the VIN
          </Button>
        </div>
      </section>
    );
  }

  const mileage = form.textField('mileage');
  return (
    <section aria-labelledby="start-sale-heading">
      <PageMeta title="Start a sale" description="Put a price on a car by its VIN and send the offer to the other side, or share a link." />
      <h1 id="start-sale-heading" className="title">
        Start a sale
      </h1>
      <p className="mb-5">Tell us about the car and your price. The other side can accept, counter or decline — you will see every step.</p>
      {saved?.kind === 'start-sale' && status === 'signed-in' && (
        <Alert kind="info">We kept what you entered before you signed in. Check it and send.</Alert>
      )}
      <form onSubmit={submit} noValidate aria-labelledby="start-sale-heading">
        {failure && <Alert kind="danger">{failure}</Alert>}
        <RadioGroup
          legend="I want to"
          name="role"
          options={[
            { value: 'seller', label: 'Sell my car' },
            { value: 'buyer', label: 'Buy a car' },
          ]}
          value={form.values.role}
          onChange={(value) => form.field('role').onChange(value as Draft['role'])}
        />
        <TextField
          label="VIN (vehicle identification number)"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          help={
            vin.ok
              ? `${vin.modelYear}${vin.maker ? ` ${vin.maker}` : ''} — 17 characters, on the title and the driver-side dashboard.`
              : '17 characters, on the title and the driver-side dashboard.'
          }
          {...form.textField('vin')}
        />
        <TextField label="Mileage" inputMode="numeric" {...mileage} />
        <CurrencyField label={form.values.role === 'seller' ? 'Asking price' : 'Your offer'} {...form.textField('amount')} />
        <RadioGroup
          legend={form.values.role === 'seller' ? 'Send it to the buyer' : 'Send it to the seller'}
          name="share"
          options={[
            { value: 'link', label: 'I will share a link' },
            { value: 'email', label: 'E-mail it to them' },
          ]}
          value={form.values.share ? 'link' : 'email'}
          onChange={(value) => form.field('share').onChange(value === 'link')}
        />
        {!form.values.share && <TextField label="Their e-mail" type="email" autoComplete="off" {...form.textField('counterpartyEmail')} />}
        <Button type="submit" loading={form.submitting}>
          {status === 'signed-in' ? 'Send offer' : 'Continue'}
        </Button>
        {status !== 'signed-in' && <p className="help mt-2">You will create an account (or sign in) next; we keep what you entered.</p>}
      </form>
    </section>
  );
}

/** After "Send offer": the link to share once the server has the offer; until then, that it is saved and on its way. */
function SaleStarted({ startedWith, email }: { startedWith: string; email: string | null }) {
  const offer = useStartedOffer(startedWith);
  const { online } = useSnapshot(connectivity);
  const sent = offer && !offer.id.startsWith('draft-');
  return (
    <section aria-labelledby="sale-started">
      <PageMeta title="Your offer is out" description="Share the link or wait for the other side to answer." />
      <h1 id="sale-started" className="title">
        {sent ? 'Your offer is out' : 'Your offer is saved'}
      </h1>
      {!sent ? (
        <p className="mb-4" role="status">
          {online
            ? 'Sending it now…'
            : 'You are offline. It is saved on this device and goes out as soon as you are back online; the link to share will then be in your offers.'}
        </p>
      ) : offer.shareUrl ? (
        <>
          {email ? (
            <p className="mb-4">We e-mailed {email} a link to answer it. You can also share the link yourself:</p>
          ) : (
            <p className="mb-4">
              Send this link to the person you are dealing with. Anyone with it can answer your offer until you turn it off.
            </p>
          )}
          <ShareLink url={offer.shareUrl} />
        </>
      ) : (
        <p className="mb-4">{email ? `We e-mailed ${email} a link to answer it.` : 'Make a link to share from your offers.'}</p>
      )}
      {sent && <NotificationPrompt justMadeOffer />}
      <Link to="/dashboard/caramel-offers" className="button is-primary mt-4">
        Go to your offers
      </Link>
    </section>
  );
}
