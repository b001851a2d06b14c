import type { ReactNode } from 'react';
import { useT } from '../i18n/ui-language';
import { Dialog } from './dialog';

export interface ConfirmationDialogProps {
  open: boolean;
  title?: string;
  children?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Disables the buttons while the confirmed action runs. */
  busy?: boolean;
  /** The action destroys something (a cancellation): the confirm button says so by its colour. */
  danger?: boolean;
}

/** Spec section 4: cancelling an order or a test asks for confirmation first. */
export function ConfirmationDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  busy,
  danger = false,
}: ConfirmationDialogProps) {
  const tr = useT();
  return (
    <Dialog
      open={open}
      title={title ?? tr('ui.confirmTitle')}
      onClose={onCancel}
      actions={
        <>
          <button type="button" className="gl-button gl-button--secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel ?? tr('ui.no')}
          </button>
          <button
            type="button"
            className={danger ? 'gl-button gl-button--danger' : 'gl-button'}
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel ?? tr('ui.yes')}
          </button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}
