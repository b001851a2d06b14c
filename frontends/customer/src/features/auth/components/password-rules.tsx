import { useT } from '../../../lib/i18n';
import { checkPassword } from '../rules/password-rules';
import { PASSWORD_MIN_LENGTH } from '@gleba/contracts';

/** Live checklist of the password rules (spec section 5) under the password fields. */
export function PasswordRules({ password, confirmation }: { password: string; confirmation: string }) {
  const tr = useT();
  return (
    <div className="password-rules">
      <p className="password-rules__title">{tr('customer.passwordRulesTitle')}</p>
      <ul aria-label={tr('customer.passwordRulesTitle')}>
        {checkPassword(password, confirmation).map((rule) => (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-met={rule.met}
            className={rule.met ? 'password-rules__met' : 'password-rules__unmet'}
          >
            <span aria-hidden="true">{rule.met ? '✓' : '•'}</span>{' '}
            {tr(rule.labelKey, { min: PASSWORD_MIN_LENGTH })}
            <span className="visually-hidden">
              {' '}
              ({tr(rule.met ? 'customer.ruleMet' : 'customer.ruleNotMet')})
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
