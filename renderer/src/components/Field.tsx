import {
  useCallback,
  useEffect,
  useId,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type RefObject,
  type SelectHTMLAttributes,
} from 'react';

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

/**
 * After a refused submit the operator's cursor goes to the first field marked invalid in `container`: the function
 * this answers asks for it, and the focus follows once React has committed the render that marks the fields. (Done
 * in the next animation frame, it could run before that render on a busy machine, find no field marked, and leave
 * the cursor where it was.)
 */
export function useFocusFirstInvalid(container: RefObject<HTMLElement | null>): () => void {
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked) container.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked, container]);
  return useCallback(() => setAsked((n) => n + 1), []);
}
