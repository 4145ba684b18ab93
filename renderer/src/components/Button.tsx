import type { ButtonHTMLAttributes } from 'react';

/** The desk's button: `busy` disables it and shows `busyLabel`, so a double press never sends twice. */
export function Button({
  kind = 'plain',
  busy = false,
  busyLabel,
  children,
  disabled,
  type = 'button',
  ...rest
}: {
  kind?: 'plain' | 'primary' | 'danger';
  busy?: boolean;
  busyLabel?: string;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={`btn btn-${kind}`}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
