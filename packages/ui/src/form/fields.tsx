import {
  createContext,
  useContext,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
} from 'react';
import { useT } from '../i18n/ui-language';

/**
 * Whether a field's error is its own live announcement (`role="alert"`, the default). Inside
 * `<QuietFieldErrors>` it is not: a form that checks every field on submit announces one summary
 * (`FormErrorSummary`) and moves focus to the first invalid field (`focusFirstInvalid`), whose
 * error is read with it through `aria-describedby`, instead of one alert per field.
 */
const FieldAlerts = createContext(true);

export function QuietFieldErrors({ children }: { children: ReactNode }) {
  return <FieldAlerts.Provider value={false}>{children}</FieldAlerts.Provider>;
}

function useErrorRole(): 'alert' | undefined {
  return useContext(FieldAlerts) ? 'alert' : undefined;
}

/** Focuses the first field marked invalid inside `container`; false when there is none. */
export function focusFirstInvalid(container: HTMLElement | null): boolean {
  const field = container?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!field) return false;
  field.focus();
  return true;
}

/**
 * One announcement for a form checked on submit: how many fields need correcting. Give it a `key`
 * that changes on each submit so a repeated failure is announced again.
 */
export function FormErrorSummary({ count }: { count: number }) {
  const tr = useT();
  if (count === 0) return null;
  return (
    <p className="gl-field__error gl-form-summary" role="alert">
      {tr('ui.formErrorsSummary', { count })}
    </p>
  );
}

interface FieldFrameProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}

function FieldFrame({ id, label, error, hint, children }: FieldFrameProps) {
  const role = useErrorRole();
  return (
    <div className={`gl-field${error ? ' gl-field--invalid' : ''}`}>
      <label htmlFor={id} className="gl-field__label">
        {label}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="gl-field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="gl-field__error" role={role}>
          {error}
        </p>
      )}
    </div>
  );
}

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids || undefined;
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

export function TextField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        className={`gl-field__input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        {...input}
      />
    </FieldFrame>
  );
}

export function PasswordField({ label, error, hint, className, ...input }: TextFieldProps) {
  const id = useId();
  const tr = useT();
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <div className="gl-password">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className={`gl-field__input${className ? ` ${className}` : ''}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          className="gl-button--link gl-password__toggle"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? tr('ui.hidePassword') : tr('ui.showPassword')}
        </button>
      </div>
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: ReactNode;
  error?: string | undefined;
  options: { value: string; label: string }[];
  placeholder?: string;
}

export function SelectField({ label, error, options, placeholder, className, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        id={id}
        className={`gl-field__input${className ? ` ${className}` : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        {...select}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  label: ReactNode;
  error?: string | undefined;
}

export function CheckboxField({ label, error, ...input }: CheckboxFieldProps) {
  const id = useId();
  const role = useErrorRole();
  return (
    <div className={`gl-field${error ? ' gl-field--invalid' : ''}`}>
      <div className="gl-checkbox">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        {/* One span: on a phone the label is a flex box (44 px tall), and a label of text and a link
            would otherwise fall apart into columns. */}
        <label htmlFor={id}>
          <span>{label}</span>
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="gl-field__error" role={role}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A form-level error (e.g. the server's answer) above the submit button. */
export function FormError({ children }: { children?: ReactNode }) {
  if (!children) return null;
  return (
    <p className="gl-field__error" role="alert">
      {children}
    </p>
  );
}
