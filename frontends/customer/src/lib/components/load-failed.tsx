import { Link } from 'react-router';
import { FormError } from '@gleba/ui';

/** A page that could not load: the message, and a way back to the list it came from. */
export function LoadFailed({
  message,
  back,
  backLabel,
}: {
  message: string;
  back: string;
  backLabel: string;
}) {
  return (
    <section className="page page--narrow">
      <FormError>{message}</FormError>
      <Link to={back} className="gl-button">
        {backLabel}
      </Link>
    </section>
  );
}
