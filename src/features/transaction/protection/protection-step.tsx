/** `/transaction/protection`: Caramel Care plans to choose or skip; read-only once decided. */
import { Link } from 'react-router-dom';
import { formatCents } from '../../../domain/pricing';
import { Button } from '../../../ui/button';
import { ChangeChoice } from '../change-choice';
import { isPending, stepView, useTransactionContext, type StepViews } from '../transaction-context';

/** The plans side by side, each with a button to choose it (the chosen one is marked). */
function PlanCards({ onChosen }: { onChosen?: () => void }) {
  const { detail, pending, act } = useTransactionContext();
  const busy = isPending(pending, 'protection chosen') || isPending(pending, 'protection skipped');
  const chosen = detail.data.protection.chosenPlanId;
  return (
    <div className="columns is-multiline care-plans">
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
              {plan.highlights.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <div className="care-plan-action">
              {plan.id === chosen ? (
                <span className="tag is-success is-light">Your choice</span>
              ) : (
                <Button
                  onClick={() => {
                    void act('protection chosen', { planId: plan.id });
                    onChosen?.();
                  }}
                  disabled={busy}
                  aria-label={`Choose ${plan.name}`}
                >
                  Choose
                </Button>
              )}
            </div>
          </article>
        </div>
      ))}
    </div>
  );
}

function SkipProtection({ label, onChosen }: { label: string; onChosen?: () => void }) {
  const { pending, act } = useTransactionContext();
  const choose = () => {
    void act('protection skipped');
    onChosen?.();
  };
  return (
    <Button variant="outlined" onClick={choose} disabled={isPending(pending, 'protection skipped')}>
      {label}
    </Button>
  );
}

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
      <ChangeChoice
        changeable={detail.allowedEvents.includes('protection skipped')}
        what="your plan"
        label="Change plan"
        panel={(done) => (
          <section aria-labelledby="change-protection" className="mt-5">
            <h2 id="change-protection" className="title is-5">
              Change your plan
            </h2>
            <PlanCards onChosen={done} />
            <div className="buttons">
              {plan && <SkipProtection label="No plan" onChosen={done} />}
              <Button variant="text" onClick={done}>
                Keep my choice
              </Button>
            </div>
          </section>
        )}
      />
    </section>
  );
}

function ProtectionPlans() {
  const { detail } = useTransactionContext();
  return (
    <section aria-labelledby="protection">
      <h1 id="protection" className="title is-4">
        Protect your car
      </h1>
      <p className="mb-4">
        A private sale comes without a dealer warranty. Caramel Care pays for covered repairs at any licensed shop.{' '}
        <Link to={`/transaction/protection/caramel-care?transaction=${detail.id}`}>Compare plans in detail</Link>
      </p>
      <PlanCards />
      <SkipProtection label="Skip protection" />
    </section>
  );
}

const VIEWS: StepViews<'protection'> = { landing: ProtectionPlans, 'read only': ProtectionReadOnly };

export function Component() {
  const { detail } = useTransactionContext();
  const View = VIEWS[stepView(detail, 'protection', 'landing')];
  return (
    <>
      <title>Protection · Your transaction</title>
      <View />
    </>
  );
}
