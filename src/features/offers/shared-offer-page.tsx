import { useState } from 'react';
import { Link, useLoaderData, useNavigate, type LoaderFunctionArgs } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import * as z from 'zod/mini';
import { ApiError } from '../../data/api/api-client';
import { actOnLink, getLinkOffer, linkAccount, type LinkOffer } from '../../data/api/offers';
import { session } from '../../data/session/session-store';
import { saveUngatedProcess } from '../../data/device/ungated-process';
import { emailAddress } from '../../domain/form-fields';
import { parseWholeNumber, typedDollars } from '../../domain/offer-fields';
import { Alert } from '../../ui/alert';
import { Button, buttonClass } from '../../ui/button';
import { CurrencyField, TextField } from '../../ui/form/text-field';
import { useZodForm } from '../../ui/form/use-zod-form';
import { Modal } from '../../ui/modal';
import { PageMeta } from '../../ui/page-meta';
import { formatDollars as dollars, vehicleName } from '../../domain/offer-format';

type Loaded = { token: string; offer: LinkOffer } | { token: string; gone: string };

export async function loader({ request }: LoaderFunctionArgs): Promise<Loaded> {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  try {
    return { token, offer: await getLinkOffer(token) };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { token, gone: error.message };
    throw error;
  }
}

const answerSchema = (counter: boolean) => z.object({ email: emailAddress, amount: counter ? typedDollars('amount') : z.string() });

/**
 * `/deals?token=…` (guard ungated-offer): the offer a shared link opens — vehicle, price and
 * expiry, never the other person's details. The visitor accepts or counters with an e-mail.
 */
export function Component() {
  const loaded = useLoaderData<typeof loader>();
  if ('gone' in loaded) {
    return (
      <section aria-labelledby="link-gone">
        <PageMeta title="This link has expired" description="The offer link no longer works." />
        <h1 id="link-gone" className="title">
          This link has expired
        </h1>
        <p className="mb-4">{loaded.gone}</p>
        <Link to="/" className={buttonClass({})}>
          Return to the homepage
        </Link>
      </section>
    );
  }
  return <SharedOffer token={loaded.token} offer={loaded.offer} />;
}

function SharedOffer({ token, offer }: { token: string; offer: LinkOffer }) {
  const { user } = useSnapshot(session);
  const navigate = useNavigate();
  const [mode, setMode] = useState<'view' | 'accept' | 'counter'>('view');
  const [done, setDone] = useState<{ kind: 'accepted' | 'countered'; amount: number } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const counter = mode === 'counter';
  const form = useZodForm(answerSchema(counter), { email: user?.email ?? '', amount: '' });
  const other = offer.offer.fromRole;
  const name = vehicleName(offer.vehicle);

  const submit = form.handleSubmit(async ({ email, amount }) => {
    setFailure(null);
    try {
      const amountDollars = parseWholeNumber(amount);
      await actOnLink(token, offer.offer.id, email, counter ? { action: 'counter', amount: amountDollars } : { action: 'accept' });
      if (user) {
        await linkAccount();
        navigate(counter ? '/dashboard/caramel-offers' : '/dashboard/caramel-offers/success', { replace: true });
        return;
      }
      saveUngatedProcess({ kind: 'shared-offer', token, email });
      setDone({ kind: counter ? 'countered' : 'accepted', amount: counter ? amountDollars : offer.offer.amount });
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  if (done) return <Answered done={done} other={other} />;

  const expires = new Date(offer.offer.expiresAt).toLocaleDateString('en-US', { month: 'long', day: 'numeric' });
  return (
    <section aria-labelledby="shared-offer">
      <PageMeta title={`Offer for ${name}`} description="An offer shared with you on Caramel." />
      <h1 id="shared-offer" className="title">
        {offer.yourRole === 'buyer' ? `An offer to sell you a ${name}` : `An offer to buy your ${name}`}
      </h1>
      <div className="box">
        <p className="title is-3 mb-2">{dollars(offer.offer.amount)}</p>
        <p>
          {offer.vehicle.mileage.toLocaleString('en-US')} miles · VIN {offer.vehicle.vin}
        </p>
        <p className="help">{offer.status === 'open' ? `Open until ${expires}.` : 'This offer is no longer open.'}</p>
      </div>
      {offer.status !== 'open' ? (
        <Link to="/" className={buttonClass({})}>
          Return to the homepage
        </Link>
      ) : mode === 'view' ? (
        <div className="buttons">
          <Button onClick={() => setMode('accept')}>Accept {dollars(offer.offer.amount)}</Button>
          <Button variant="outlined" onClick={() => setMode('counter')}>
            Make a counteroffer
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate aria-label={counter ? 'Make a counteroffer' : 'Accept the offer'}>
          <h2 className="title is-5">{counter ? 'Enter e-mail to counteroffer' : 'Enter e-mail to accept the offer'}</h2>
          {failure && <Alert kind="danger">{failure}</Alert>}
          {counter && <CurrencyField label="Your counteroffer" {...form.textField('amount')} />}
          <TextField
            label="Your e-mail"
            type="email"
            autoComplete="email"
            help={`We send the ${other} your answer and keep you posted at this address. The ${other} does not see it.`}
            {...form.textField('email')}
          />
          <div className="buttons">
            <Button type="submit" loading={form.submitting}>
              {counter ? 'Send counteroffer' : `Accept ${dollars(offer.offer.amount)}`}
            </Button>
            <Button variant="text" onClick={() => setMode('view')}>
              Back
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

/** After answering: the other side was told; the visitor is invited to sign up to continue. */
function Answered({ done, other }: { done: { kind: 'accepted' | 'countered'; amount: number }; other: string }) {
  const [prompt, setPrompt] = useState(true);
  const title = done.kind === 'accepted' ? 'You made a deal' : `${other === 'seller' ? 'Seller' : 'Buyer'} notified`;
  return (
    <section aria-labelledby="answered">
      <PageMeta title={title} description="Your answer was sent." />
      <h1 id="answered" className="title">
        {title}
      </h1>
      <p className="mb-4">
        {done.kind === 'accepted'
          ? `You accepted ${dollars(done.amount)}. We told the ${other}. Create an account with the same e-mail to continue with the deal.`
          : `We sent your counteroffer of ${dollars(done.amount)} to the ${other}. You will hear back by e-mail.`}
      </p>
      <div className="buttons">
        <Link to="/sign-up?returnTo=%2Flink-offer" className={buttonClass({})}>
          Create an account
        </Link>
        <Link to="/" className={buttonClass({ variant: 'text' })}>
          Return to homepage
        </Link>
      </div>
      <Modal
        open={prompt}
        onClose={() => setPrompt(false)}
        title="Keep track of this deal"
        actions={
          <>
            <Link to="/sign-in?returnTo=%2Flink-offer" className={buttonClass({ variant: 'outlined' })}>
              Sign in
            </Link>
            <Link to="/sign-up?returnTo=%2Flink-offer" className={buttonClass({})}>
              Create an account
            </Link>
          </>
        }
      >
        <p>Sign in or create an account with the e-mail you just used, and this offer will be waiting in your dashboard.</p>
      </Modal>
    </section>
  );
}
