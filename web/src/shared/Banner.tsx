import type { ReactNode } from 'react';

export type BannerTone = 'info' | 'success' | 'warning' | 'error';

export interface BannerProps {
  tone?: BannerTone;
  title?: ReactNode;
  children?: ReactNode;
  /** A button or link that acts on the message (Try again, …). */
  action?: ReactNode;
}

/** A message about the page or the last action. Errors are announced at once (role=alert), the rest politely (role=status). */
export function Banner({ tone = 'info', title, children, action }: BannerProps) {
  return (
    <div className={`banner banner-${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <div className="banner-body">
        {title ? <p className="banner-title">{title}</p> : null}
        {children ? <div className="banner-text">{children}</div> : null}
      </div>
      {action ? <div className="banner-action">{action}</div> : null}
    </div>
  );
}
