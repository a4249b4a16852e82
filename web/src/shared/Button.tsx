import type { ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'danger' | 'quiet';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /** Work under way: the button is disabled and says so to assistive technology. */
  busy?: boolean;
}

/** The one button of the app. `type="button"` unless told otherwise, so no button submits a form by accident. */
export function Button({ variant = 'secondary', busy = false, type = 'button', className, disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={['btn', `btn-${variant}`, className].filter(Boolean).join(' ')}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {children}
      {busy ? <span className="btn-spinner" aria-hidden="true" /> : null}
    </button>
  );
}
