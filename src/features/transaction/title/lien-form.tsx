/**
 * A loan or lease on the car (SPEC §4.4 "add lender details", "add lending amount details"): the
 * lender from a searchable list, the loan account (never shown back in full), then the payoff —
 * asked from the lender, or entered from a payoff letter. A payoff above the price is negative
 * equity: said plainly, and the seller confirms they will bring the difference before going on.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { formatCents } from '../../../domain/pricing';
import type { Payoff } from '../../../domain/seller-events';
import { ApiError, NetworkError, ServerError } from '../../../data/api/api-client';
import { connectivity } from '../../../data/device/connectivity';
import type { Lienholder } from '../../../domain/seller-events';
import { payoffQuote, searchLienholders } from '../../../data/api/title';
import { Alert } from '../../../ui/alert';
import { Button } from '../../../ui/button';
import { CheckboxField, RadioGroup } from '../../../ui/form/choice-fields';
import { CurrencyField, TextField } from '../../../ui/form/text-field';
import { isPending, useTransactionContext } from '../transaction-context';

const masked = (account: string) => (account.length > 4 ? `•••• ${account.slice(-4)}` : account);

function LenderSearch({ chosen, onChoose }: { chosen: Lienholder | null; onChoose: (lender: Lienholder) => void }) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Lienholder[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => {
      searchLienholders(query).then(
        (lenders) => (setFound(lenders), setProblem(null)),
        (error: Error) => setProblem(error.message),
      );
    }, 200);
    return () => clearTimeout(timer);
  }, [query]);
  return (
    <fieldset className="mb-4">
      <legend className="label">Who is the loan or lease with?</legend>
      <TextField label="Search lenders" type="search" value={query} onChange={(event) => setQuery(event.target.value)} autoComplete="off" />
      {problem && <p className="help is-danger">{problem}</p>}
      <ul className="lender-choices" aria-label="Lenders">
        {found?.map((lender) => (
          <li key={lender.id}>
            <label className="radio ui-choice">
              <input type="radio" name="lienholder" checked={chosen?.id === lender.id} onChange={() => onChoose(lender)} />
              <span>
                {lender.name} <span className="help is-inline-block">{lender.phone}</span>
              </span>
            </label>
          </li>
        ))}
        {found?.length === 0 && <li className="help">No lender by that name. Check the spelling on your loan statement.</li>}
      </ul>
    </fieldset>
  );
}

type Details = { lender: Lienholder; accountNumber: string; contactPhone: string; titleInSellerName: boolean };

function LenderDetails({ onNext }: { onNext: (details: Details) => void }) {
  const [lender, setLender] = useState<Lienholder | null>(null);
  const [accountNumber, setAccountNumber] = useState('');
  const [showAccount, setShowAccount] = useState(false);
  const [contactPhone, setContactPhone] = useState('');
  const [inName, setInName] = useState<'yes' | 'no' | ''>('');
  const [problem, setProblem] = useState<string | null>(null);
  const next = (event: React.FormEvent) => {
    event.preventDefault();
    if (!lender) return setProblem('Choose your lender from the list.');
    if (!/^[A-Za-z0-9-]{4,30}$/.test(accountNumber.trim())) return setProblem('Enter the loan account number: 4 to 30 letters or digits.');
    if (!inName) return setProblem('Say whether the title is in your name.');
    onNext({ lender, accountNumber: accountNumber.trim(), contactPhone: contactPhone.trim(), titleInSellerName: inName === 'yes' });
  };
  return (
    <form noValidate onSubmit={next} aria-labelledby="lender-details">
      <h2 id="lender-details" className="title is-5">
        Your lender
      </h2>
      <LenderSearch chosen={lender} onChoose={setLender} />
      <TextField
        label="Loan account number"
        value={showAccount ? accountNumber : masked(accountNumber)}
        onFocus={() => setShowAccount(true)}
        onBlur={() => setShowAccount(false)}
        onChange={(event) => setAccountNumber(event.target.value)}
        autoComplete="off"
        help="On your loan statement. We show only its last four characters once entered."
      />
      <TextField
        label="Lender's phone (optional)"
        type="tel"
        value={contactPhone}
        onChange={(event) => setContactPhone(event.target.value)}
      />
      <RadioGroup
        legend="Is the title in your name?"
        name="title-in-name"
        options={[
          { value: 'yes', label: 'Yes' },
          { value: 'no', label: 'No (a family member, a business, an estate …)' },
        ]}
        value={inName}
        onChange={(value) => setInName(value as 'yes' | 'no')}
      />
      {problem && <Alert kind="danger">{problem}</Alert>}
      <Button type="submit">Next: the payoff</Button>
    </form>
  );
}

function PayoffEntry({ onPayoff }: { onPayoff: (payoff: Payoff) => void }) {
  const [amount, setAmount] = useState('');
  const [goodThrough, setGoodThrough] = useState('');
  const [perDiem, setPerDiem] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const save = () => {
    const cents = Math.round(Number(amount.replace(/[,$]/g, '')) * 100);
    const daily = Math.round(Number(perDiem.replace(/[,$]/g, '') || '0') * 100);
    if (!(cents > 0)) return setProblem('Enter the payoff amount from your payoff letter.');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(goodThrough)) return setProblem('Enter the date the payoff is good through.');
    if (!(daily >= 0)) return setProblem('Enter the daily interest (per diem), or leave it empty.');
    onPayoff({ amountCents: cents, goodThrough, perDiemCents: daily, source: 'entered' });
  };
  return (
    <div className="box">
      <CurrencyField label="Payoff amount" value={amount} onChange={(event) => setAmount(event.target.value)} />
      <TextField label="Good through" type="date" value={goodThrough} onChange={(event) => setGoodThrough(event.target.value)} />
      <CurrencyField label="Daily interest after that (per diem)" value={perDiem} onChange={(event) => setPerDiem(event.target.value)} />
      {problem && <p className="help is-danger">{problem}</p>}
      <Button variant="outlined" onClick={save}>
        Use this payoff
      </Button>
    </div>
  );
}

/** Why no quote came, as what to do next: the API's reason when it gave one, never a library's message. */
function quoteProblem(error: unknown, lender: string): string {
  if (error instanceof ApiError && !(error instanceof ServerError)) return error.reason;
  const why = error instanceof NetworkError ? 'You are offline, or our servers cannot be reached' : `${lender} did not answer just now`;
  return `${why}. Ask again in a moment, or enter the amount from your payoff letter.`;
}

function PayoffStage({ details, onBack }: { details: Details; onBack: () => void }) {
  const { detail, pending, act } = useTransactionContext();
  const { online } = useSnapshot(connectivity);
  const [payoff, setPayoff] = useState<Payoff | null>(null);
  const [entering, setEntering] = useState(false);
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [acknowledged, setAcknowledged] = useState(false);
  const priceCents = detail.price * 100;
  const shortCents = payoff ? payoff.amountCents - priceCents : 0;
  const ask = () => {
    setAsking(true);
    setProblem(null);
    payoffQuote(detail.id, details.lender.id, details.accountNumber)
      .then(setPayoff, (error: unknown) => setProblem(quoteProblem(error, details.lender.name)))
      .finally(() => setAsking(false));
  };
  const submit = () =>
    payoff &&
    act('title lender submitted', {
      lienholderId: details.lender.id,
      lienholderName: details.lender.name,
      accountNumber: details.accountNumber,
      ...(details.contactPhone ? { contactPhone: details.contactPhone } : {}),
      payoff,
      titleInSellerName: details.titleInSellerName,
      ...(shortCents > 0 ? { negativeEquityAcknowledged: acknowledged } : {}),
    });
  return (
    <section aria-labelledby="payoff">
      <h2 id="payoff" className="title is-5">
        What it takes to pay off the loan
      </h2>
      <p className="mb-3">
        {details.lender.name}, account {masked(details.accountNumber)}. We pay this off first from the buyer's money, so the lender releases
        the title.
      </p>
      {payoff ? (
        <dl className="ui-facts mb-3">
          <dt>Payoff</dt>
          <dd>{formatCents(payoff.amountCents)}</dd>
          <dt>Good through</dt>
          <dd>
            {new Date(`${payoff.goodThrough}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' })}
          </dd>
          <dt>After that, per day</dt>
          <dd>{formatCents(payoff.perDiemCents)}</dd>
          <dt>From</dt>
          <dd>{payoff.source === 'quote' ? `A quote from ${details.lender.name}` : 'Your payoff letter'}</dd>
        </dl>
      ) : (
        <div className="buttons">
          <Button onClick={ask} loading={asking} disabled={!online}>
            Ask {details.lender.name} for a payoff quote
          </Button>
          <Button variant="text" onClick={() => setEntering(true)}>
            I have a payoff letter
          </Button>
        </div>
      )}
      {!online && !payoff && <p className="help">Asking your lender needs a connection; you can enter a payoff letter offline.</p>}
      {problem && <Alert kind="danger">{problem}</Alert>}
      {entering && !payoff && <PayoffEntry onPayoff={setPayoff} />}
      {payoff && shortCents > 0 && (
        <Alert kind="warning" title="The loan is more than the sale price">
          The payoff is {formatCents(shortCents)} more than the {formatCents(priceCents)} the car sells for. To close the sale you bring
          that difference (and the $95 seller fee) by bank transfer before the title is released.
          <CheckboxField
            label={`I understand I bring ${formatCents(shortCents)} plus the fee to close this sale`}
            checked={acknowledged}
            onChange={(event) => setAcknowledged(event.target.checked)}
          />
        </Alert>
      )}
      <div className="buttons mt-4">
        {payoff && (
          <Button
            onClick={() => void submit()}
            disabled={shortCents > 0 && !acknowledged}
            loading={isPending(pending, 'title lender submitted')}
          >
            Send lender details
          </Button>
        )}
        {payoff && (
          <Button variant="text" onClick={() => setPayoff(null)}>
            Change the payoff
          </Button>
        )}
        <Button variant="text" onClick={onBack}>
          Back
        </Button>
      </div>
    </section>
  );
}

export function LienForm({ onCancel }: { onCancel: () => void }) {
  const [details, setDetails] = useState<Details | null>(null);
  return details ? (
    <PayoffStage details={details} onBack={() => setDetails(null)} />
  ) : (
    <>
      <LenderDetails onNext={setDetails} />
      <Button variant="text" className="mt-2" onClick={onCancel}>
        There is no loan on the car
      </Button>
    </>
  );
}
