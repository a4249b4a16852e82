import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Banner } from './Banner';
import { Button } from './Button';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  /** Called when the dialog asks to close: Escape, or a button that calls it. */
  onClose: () => void;
  children?: ReactNode;
  /** The buttons, last the one that confirms. */
  actions?: ReactNode;
}

/**
 * A modal built on <dialog> and showModal(): the browser keeps focus inside, makes the page
 * behind inert, closes on Escape and gives focus back to where it was.
 */
export function Dialog({ open, title, onClose, children, actions }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) {
      d.showModal();
      // showModal focuses the first focusable element (a choice in the dialog's body, say): the button marked for it instead.
      d.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    } else if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 className="dialog-title" id={titleId}>
            {title}
          </h2>
          <div className="dialog-body">{children}</div>
          {actions ? <div className="dialog-actions">{actions}</div> : null}
        </>
      ) : null}
    </dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** The confirming button's words: the action, never "OK". */
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action that cannot be taken back. Cancel comes first and has the focus, even when a choice comes before it. */
export function ConfirmDialog({ open, title, children, confirmLabel, danger = false, busy = false, error, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      title={title}
      onClose={() => (busy ? undefined : onCancel())}
      actions={
        <>
          <Button onClick={onCancel} disabled={busy} autoFocus data-autofocus>
            Cancel
          </Button>
          <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
      {error ? <Banner tone="error">{error}</Banner> : null}
    </Dialog>
  );
}
