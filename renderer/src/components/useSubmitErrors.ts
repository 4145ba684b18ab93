import { useRef, useState } from 'react';
import { useExplain } from '../api/errors';
import { useFocusFirstInvalid } from './Field';

/**
 * A form's answer to a refused submit, the same on every form: the service's messages under the fields it named
 * (`fields`, by JSON pointer; `rename` maps a pointer to the form's own field where they differ), its message for
 * the whole, and the cursor on the first field marked. `form` goes on the form element.
 */
export function useSubmitErrors(rename: (pointer: string) => string = (p) => p) {
  const explain = useExplain();
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  return {
    form,
    errors,
    message,
    /** The cursor to the first field marked, once they are (see `useFocusFirstInvalid`). */
    focusInvalid,
    refused: (err: unknown): void => {
      const x = explain(err);
      setErrors(Object.fromEntries(Object.entries(x.fields).map(([k, v]) => [rename(k), v])));
      setMessage(x.message);
      focusInvalid();
    },
    /** Accepted: no field is marked; `said` is the form's message (a confirmation), or none. */
    accepted: (said: string | null = null): void => {
      setErrors({});
      setMessage(said);
    },
  };
}
