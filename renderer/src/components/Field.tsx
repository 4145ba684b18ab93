import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes } from 'react';

interface FieldProps {
  label: string;
  /** The JSON pointer the API names in a validation problem (e.g. /destination/address/zip). */
  path: string;
  /** Messages by pointer, from the error mapper. */
  errors: Record<string, string>;
  hint?: ReactNode;
}

function Frame({
  label,
  path,
  errors,
  hint,
  children,
}: FieldProps & { children: (a11y: Record<string, unknown>) => ReactNode }) {
  const id = useId();
  const message = errors[path];
  return (
    <div className={message ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {children({ id, name: path, 'aria-invalid': !!message, 'aria-describedby': message ? `${id}-err` : undefined })}
      {message ? (
        <span id={`${id}-err`} className="error">
          {message}
        </span>
      ) : (
        hint && <span className="hint">{hint}</span>
      )}
    </div>
  );
}

/** A labelled input with the message the service gave for its field, beside it. */
export function Field({ label, path, errors, hint, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Frame label={label} path={path} errors={errors} hint={hint}>
      {(a11y) => <input {...a11y} {...input} />}
    </Frame>
  );
}

export function SelectField({
  label,
  path,
  errors,
  hint,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Frame label={label} path={path} errors={errors} hint={hint}>
      {(a11y) => (
        <select {...a11y} {...select}>
          {children}
        </select>
      )}
    </Frame>
  );
}

/** After a refused submit the operator's cursor goes to the first field the service named. */
export function focusFirstInvalid(container: HTMLElement | null): void {
  requestAnimationFrame(() => container?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
