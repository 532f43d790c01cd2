import { PASSWORD_RULES } from '../../domain/password-policy';
import { Icon } from '../icon';
import { CheckIcon, CircleIcon } from '../icons';

/**
 * The SPEC §5 password rules under a new-password field, each ticked as the typed password
 * meets it. Screen readers hear "met" or "not met" with each rule when they read the list.
 */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <div className="ui-password-rules mb-4">
      <p className="help mt-0" id={`${id}-title`}>
        Your password needs:
      </p>
      <ul id={id} aria-labelledby={`${id}-title`}>
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li key={rule.id} className={met ? 'has-text-success-dark' : 'has-text-grey-dark'}>
              <Icon icon={met ? CheckIcon : CircleIcon} size="0.9em" /> {rule.label}
              <span className="is-sr-only">{met ? ' (met)' : ' (not met)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
