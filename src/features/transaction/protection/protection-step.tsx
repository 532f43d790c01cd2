/** `/transaction/protection`: Caramel Care plans to choose or skip; read-only once decided. */
import { Link } from 'react-router-dom';
import { formatCents } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { isPending, stepView, useTransactionContext } from '../transaction-context';

function ProtectionReadOnly() {
  const { detail } = useTransactionContext();
  const plan = detail.carePlans.find((candidate) => candidate.id === detail.data.protection.chosenPlanId);
  return (
    <section aria-labelledby="protection-done">
      <h1 id="protection-done" className="title is-4">
        Protection
      </h1>
      <p>
        {plan
          ? `${plan.name}: ${formatCents(plan.priceDollars * 100)}, ${plan.termMonths} months or ${plan.termMiles.toLocaleString('en-US')} miles.`
          : 'You chose no protection plan.'}
      </p>
      <p className="help mt-2">This step is complete.</p>
    </section>
  );
}

function ProtectionPlans() {
  const { detail, pending, act } = useTransactionContext();
  const busy = isPending(pending, 'protection chosen') || isPending(pending, 'protection skipped');
  return (
    <section aria-labelledby="protection">
      <h1 id="protection" className="title is-4">
        Protect your car
      </h1>
      <p className="mb-4">
        A private sale comes without a dealer warranty. Caramel Care pays for covered repairs at any licensed shop.{' '}
        <Link to={`/transaction/protection/caramel-care?transaction=${detail.id}`}>Compare plans in detail</Link>
      </p>
      <div className="columns is-multiline">
        {detail.carePlans.map((plan) => (
          <div key={plan.id} className="column is-one-third-desktop is-full-mobile">
            <article className="box care-plan" aria-labelledby={`plan-${plan.id}`}>
              <h2 id={`plan-${plan.id}`} className="title is-5">
                {plan.name}
              </h2>
              <p className="is-size-4 has-text-weight-semibold">{formatCents(plan.priceDollars * 100)}</p>
              <p className="help mb-2">
                {plan.termMonths} months or {plan.termMiles.toLocaleString('en-US')} miles
              </p>
              <p className="mb-2">{plan.summary}</p>
              <ul className="ui-checklist mb-3">
                {plan.coverage.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
              <Button onClick={() => void act('protection chosen', { planId: plan.id })} disabled={busy} aria-label={`Choose ${plan.name}`}>
                Choose
              </Button>
            </article>
          </div>
        ))}
      </div>
      <Button variant="outlined" onClick={() => void act('protection skipped')} disabled={busy}>
        Skip protection
      </Button>
    </section>
  );
}

export function Component() {
  const { detail } = useTransactionContext();
  return (
    <>
      <title>Protection · Your transaction</title>
      {stepView(detail, 'protection') === 'read only' ? <ProtectionReadOnly /> : <ProtectionPlans />}
    </>
  );
}
