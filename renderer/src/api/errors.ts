import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import { ApiError } from './client';

/** A failed call as the operator reads it: one sentence, and a message per field (keyed by the API's JSON pointer). */
export interface Explained {
  message: string;
  fields: Record<string, string>;
}

/**
 * The service's field messages are stable English phrases (core/validation.ts and the schemas' x-error); the
 * common ones are said in the desk's language, anything else is shown as the service wrote it.
 */
const FIELD_MESSAGES: [RegExp, (m: RegExpExecArray, t: TFunction) => string][] = [
  [/^is required$/, (_, t) => t('errors.field.required')],
  [/^is not allowed$/, (_, t) => t('errors.field.notAllowed')],
  [/^must NOT have fewer than 1 characters$/, (_, t) => t('errors.field.required')],
  [/^must NOT have fewer than (\d+) characters$/, (m, t) => t('errors.field.minLength', { min: m[1] })],
  [/^must NOT have more than (\d+) characters$/, (m, t) => t('errors.field.maxLength', { max: m[1] })],
  [/^must be > (\S+)$/, (m, t) => t('errors.field.greaterThan', { limit: m[1] })],
  [/^must be >= (\S+)$/, (m, t) => t('errors.field.atLeast', { limit: m[1] })],
  [/^must be <= (\S+)$/, (m, t) => t('errors.field.atMost', { limit: m[1] })],
  [/^must be 1 to (\d+) characters/, (m, t) => t('errors.field.length', { max: m[1] })],
  [/^must be E\.164/, (_, t) => t('errors.field.phone')],
  [/^must be an e-mail address/, (_, t) => t('errors.field.email')],
  [/^must be an ISO 3166-1 alpha-2/, (_, t) => t('errors.field.country')],
  [/^must be (number|integer)$/, (_, t) => t('errors.field.number')],
  [/^(.+?) is over the largest size \((.+)\)$/, (m, t) => t('errors.field.overSize', { value: m[1], limit: m[2] })],
];

export function fieldMessage(message: string, t: TFunction): string {
  for (const [pattern, say] of FIELD_MESSAGES) {
    const m = pattern.exec(message);
    if (m) return say(m, t);
  }
  return message;
}

const KNOWN_CODES = new Set([
  'unreachable',
  'unauthenticated',
  'forbidden',
  'not_found',
  'duplicate_ref',
  'invalid_state',
  'rate_limited',
  'payload_too_large',
  'storage_full',
  'internal',
]);

/** The one error mapper of the desk: problem `code` → sentence, field pointers → messages beside the fields. */
export function explain(e: unknown, t: TFunction): Explained {
  if (!(e instanceof ApiError)) return { message: t('errors.code.other', { detail: String(e) }), fields: {} };
  const { code, detail, errors = [] } = e.problem;
  const fields = Object.fromEntries(errors.map((f) => [f.path, fieldMessage(f.message, t)]));
  if (errors.length) return { message: t('errors.fieldsNeedAttention'), fields };
  const key = KNOWN_CODES.has(code) ? code : 'other';
  return { message: t(`errors.code.${key}` as 'errors.code.other', { detail }), fields };
}

export function useExplain(): (e: unknown) => Explained {
  const { t } = useTranslation();
  return useCallback((e: unknown) => explain(e, t), [t]);
}
