import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useCallback } from 'react';
import type { FieldErrorCode } from '@shared/schemas/codes';
import { ApiError, type ProblemBody } from './client';

/** A failed call as the operator reads it: one sentence, and a message per field (keyed by the API's JSON pointer). */
export interface Explained {
  message: string;
  fields: Record<string, string>;
}

/** What a refused field says: its code, the code's params, and the service's English words. */
type FieldProblem = Pick<NonNullable<ProblemBody['errors']>[number], 'code' | 'params' | 'message'>;
type Says = (params: Record<string, unknown>, t: TFunction) => string | null;

const n = (v: unknown) => (typeof v === 'number' ? v : null);

/**
 * A refused field in the desk's words, by the service's stable code and its params (core/shared/schemas/codes.ts). A code
 * (or a format) the desk has no words for is shown as the service wrote it.
 */
const FIELD_WORDS: Partial<Record<FieldErrorCode, Says>> = {
  required: (_, t) => t('errors.field.required'),
  // A webhook URL says why (`reason`: scheme, credentials, private_address), in words that come with the webhooks'
  // screen (renderer/src/features/webhooks/words.ts); elsewhere the plain words stand.
  not_allowed: (p, t) =>
    typeof p.reason === 'string'
      ? t(`webhooks:notAllowedBecause.${p.reason}`, { defaultValue: t('errors.field.notAllowed') })
      : t('errors.field.notAllowed'),
  min_length: (p, t) => (p.limit === 1 ? t('errors.field.required') : t('errors.field.minLength', { min: n(p.limit) })),
  max_length: (p, t) => t('errors.field.maxLength', { max: n(p.limit) }),
  minimum: (p, t) => t('errors.field.atLeast', { limit: n(p.limit) }),
  exclusive_minimum: (p, t) => t('errors.field.greaterThan', { limit: n(p.limit) }),
  maximum: (p, t) => t('errors.field.atMost', { limit: n(p.limit) }),
  exclusive_maximum: (p, t) => t('errors.field.lessThan', { limit: n(p.limit) }),
  type: (p, t) => (p.type === 'number' || p.type === 'integer' ? t('errors.field.number') : null),
  format: (p, t) =>
    p.format === 'phone'
      ? t('errors.field.phone')
      : p.format === 'email'
        ? t('errors.field.email')
        : p.format === 'country'
          ? t('errors.field.country')
          : null,
  // A line break where the field is one line (U+000A, U+000D), else a character no field takes.
  character: (p, t) =>
    p.character === 'U+000A' || p.character === 'U+000D'
      ? t('errors.field.oneLine')
      : t('errors.field.character', { character: String(p.character) }),
  over_size: (p, t) => {
    const vars = { value: `${String(p.value)} ${String(p.unit)}`, limit: `${String(p.limit)} ${String(p.unit)}` };
    return p.measure === 'side'
      ? t('errors.field.overSizeSide', vars)
      : p.measure === 'sum'
        ? t('errors.field.overSizeSum', vars)
        : t('errors.field.overSize', vars);
  },
};

export function fieldMessage(f: FieldProblem, t: TFunction): string {
  return FIELD_WORDS[f.code]?.(f.params ?? {}, t) ?? f.message;
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
  const fields = Object.fromEntries(errors.map((f) => [f.path, fieldMessage(f, t)]));
  if (errors.length) return { message: t('errors.fieldsNeedAttention'), fields };
  const key = KNOWN_CODES.has(code) ? code : 'other';
  return { message: t(`errors.code.${key}` as 'errors.code.other', { detail }), fields };
}

export function useExplain(): (e: unknown) => Explained {
  const { t } = useTranslation();
  return useCallback((e: unknown) => explain(e, t), [t]);
}
