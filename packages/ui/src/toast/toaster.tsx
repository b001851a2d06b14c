import { useT } from '../i18n/ui-language';
import { dismissToast, useCurrentToast, type ToastVariant } from './toast-store';

/** Spec section 8: toast headings come from the keys success, errorToast, info, warning. */
const HEADING_KEY: Record<ToastVariant, string> = {
  success: 'common.success',
  error: 'common.errorToast',
  info: 'common.info',
  warning: 'common.warning',
};

/** Renders the one visible toast, top-left. Mount once near the root of the app. */
export function Toaster() {
  const tr = useT();
  const current = useCurrentToast();
  return (
    <div className="gl-toast-region" aria-live="polite">
      {current && (
        <div
          key={current.id}
          className={`gl-toast gl-toast--${current.variant}`}
          role={current.variant === 'error' ? 'alert' : 'status'}
          data-variant={current.variant}
        >
          <div className="gl-toast__body">
            <strong className="gl-toast__heading">{current.title ?? tr(HEADING_KEY[current.variant])}</strong>
            <span>{current.message}</span>
          </div>
          <button
            type="button"
            className="gl-toast__close"
            aria-label={tr('ui.close')}
            onClick={() => dismissToast(current.id)}
          >
            ×
          </button>
        </div>
      )}
    </div>
  );
}
