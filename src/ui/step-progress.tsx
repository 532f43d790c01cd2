import { Link } from 'react-router-dom';
import { Icon } from './icon';
import { CheckIcon } from './icons';

export type StepState = 'done' | 'current' | 'upcoming';

export interface ProgressStep {
  id: string;
  label: string;
  state: StepState;
  /** Where a done step's read-only view is; done steps with a link can be revisited. */
  to?: string;
}

const STATE_TEXT: Record<StepState, string> = { done: 'completed', current: 'current step', upcoming: 'not started' };

/** The transaction's steps in order: done (clickable to their read-only view), current, upcoming. */
export function StepProgress({ steps, label = 'Transaction progress' }: { steps: ProgressStep[]; label?: string }) {
  const currentIndex = steps.findIndex((step) => step.state === 'current');
  return (
    <nav aria-label={label} className="ui-steps-nav">
      {currentIndex >= 0 && (
        <p className="ui-steps-summary" aria-hidden="true">
          Step {currentIndex + 1} of {steps.length} · {steps[currentIndex]!.label}
        </p>
      )}
      <ol className="ui-steps">
        {steps.map((step, index) => {
          const body = (
            <>
              <span className="ui-step-marker" aria-hidden="true">
                {step.state === 'done' ? <Icon icon={CheckIcon} size="1em" /> : index + 1}
              </span>
              <span className="ui-step-label">{step.label}</span>
              <span className="visually-hidden">, {STATE_TEXT[step.state]}</span>
            </>
          );
          return (
            <li key={step.id} className={`ui-step is-${step.state}`} aria-current={step.state === 'current' ? 'step' : undefined}>
              {step.state === 'done' && step.to ? (
                <Link to={step.to} className="ui-step-body">
                  {body}
                </Link>
              ) : (
                <span className="ui-step-body">{body}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
