import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons shown under the content. */
  actions?: ReactNode;
}

/** A modal dialog: focus moves into it, Escape and the backdrop close it. */
export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    ref.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="gl-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="gl-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={ref}
      >
        <h2 id={titleId} className="gl-dialog__title">
          {title}
        </h2>
        <div className="gl-dialog__body">{children}</div>
        {actions && <div className="gl-dialog__actions">{actions}</div>}
      </div>
    </div>
  );
}
