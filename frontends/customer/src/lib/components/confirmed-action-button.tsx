import { useState, type ReactNode } from 'react';
import { ConfirmationDialog, toast } from '@gleba/ui';
import { describeError, useLang } from '../i18n';

/**
 * A button that asks before an action that cannot be undone; the dialog closes after the action,
 * and a failure shows the server's message.
 */
export function ConfirmedActionButton({
  label,
  secondary = false,
  danger = false,
  title,
  confirmLabel,
  action,
  children,
}: {
  label: string;
  secondary?: boolean;
  danger?: boolean;
  title: string;
  confirmLabel?: string;
  action: () => Promise<void>;
  children: ReactNode;
}) {
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    setBusy(true);
    try {
      await action();
      setOpen(false);
    } catch (e) {
      setOpen(false);
      toast.error(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button
        type="button"
        className={secondary ? 'gl-button gl-button--secondary' : 'gl-button'}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
      <ConfirmationDialog
        open={open}
        title={title}
        confirmLabel={confirmLabel}
        busy={busy}
        danger={danger}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      >
        {children}
      </ConfirmationDialog>
    </>
  );
}
