import type { InputHTMLAttributes } from 'react';

/**
 * A labelled input that shows the service's own message for its field: `path` is the JSON pointer the API names
 * in a validation problem (e.g. /destination/address/zip).
 */
export function Field({
  label,
  path,
  errors,
  ...input
}: { label: string; path: string; errors: Record<string, string> } & InputHTMLAttributes<HTMLInputElement>) {
  const message = errors[path];
  const id = `f${path.replace(/\//g, '-')}`;
  return (
    <label className={message ? 'field invalid' : 'field'} htmlFor={id}>
      {label}
      <input id={id} name={path} aria-invalid={!!message} aria-describedby={message ? `${id}-err` : undefined} {...input} />
      {message && (
        <span id={`${id}-err`} className="error">
          {message}
        </span>
      )}
    </label>
  );
}
