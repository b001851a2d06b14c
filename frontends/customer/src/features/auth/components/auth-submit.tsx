import { FormError } from '@gleba/ui';

/** The end of an auth form: the form's error, then its submit button (off while sending). */
export function AuthSubmit({
  error,
  busy,
  label,
}: {
  error: string | undefined;
  busy: boolean;
  label: string;
}) {
  return (
    <>
      <FormError>{error}</FormError>
      <button type="submit" className="gl-button auth-card__submit" disabled={busy}>
        {label}
      </button>
    </>
  );
}
