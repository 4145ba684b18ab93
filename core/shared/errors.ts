import type { FieldErrorCode } from './schemas/codes.js';

/**
 * Domain errors carry a stable, serializable `code` so that every adapter (HTTP, IPC, CLI) maps them the
 * same way. The HTTP status lives here too because the contract defines it per code, once.
 */
export type { FieldErrorCode };
/** What a field's message says, as data: a limit, the expected format, the allowed values, the other field. */
export type FieldErrorParams = Record<string, string | number | boolean | readonly (string | number)[]>;
/**
 * One refused field: `path` (a JSON pointer) and `message` (English, for people and logs) as the contract has them,
 * plus a stable `code` and its `params` for clients that say it in their own words (core/shared/schemas/codes.ts).
 */
export interface FieldError {
  path: string;
  message: string;
  code: FieldErrorCode;
  params?: FieldErrorParams;
}

/** An RFC 9457 problem as the service sends it (contract: Errors), whatever the adapter. */
export interface ProblemBody {
  status: number;
  code: string;
  detail: string;
  type?: string;
  title?: string;
  errors?: FieldError[];
  [member: string]: unknown;
}

export const errorStatus = {
  validation_failed: 400,
  invalid_json: 400,
  malformed_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  duplicate_ref: 409,
  invalid_state: 409,
  idempotency_key_in_flight: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  idempotency_key_reused: 422,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
  storage_full: 507,
} as const;

export type ErrorCode = keyof typeof errorStatus;

const titles: Record<ErrorCode, string> = {
  validation_failed: 'Validation failed',
  invalid_json: 'Invalid JSON',
  malformed_request: 'Malformed request',
  unauthenticated: 'Unauthenticated',
  forbidden: 'Forbidden',
  not_found: 'Not found',
  method_not_allowed: 'Method not allowed',
  request_timeout: 'Request timeout',
  duplicate_ref: 'Duplicate ref',
  invalid_state: 'Invalid state',
  idempotency_key_in_flight: 'Idempotency key in flight',
  payload_too_large: 'Payload too large',
  unsupported_media_type: 'Unsupported media type',
  idempotency_key_reused: 'Idempotency key reused',
  rate_limited: 'Too many requests',
  headers_too_large: 'Request header fields too large',
  internal: 'Internal error',
  not_implemented: 'Not implemented',
  unavailable: 'Service unavailable',
  storage_full: 'Insufficient storage',
};

export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Extra members of the problem body, e.g. `existing` for duplicate_ref or `permission` for forbidden. */
  readonly extra: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, detail: string, opts: { errors?: FieldError[]; extra?: Record<string, unknown> } = {}) {
    super(detail);
    this.name = 'DomainError';
    this.code = code;
    this.errors = opts.errors;
    this.extra = opts.extra;
  }

  get status(): number {
    return errorStatus[this.code];
  }

  get title(): string {
    return titles[this.code];
  }

  /** RFC 9457 problem details body. */
  toProblem(): ProblemBody {
    return {
      type: 'about:blank',
      title: this.title,
      status: this.status,
      code: this.code,
      detail: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...this.extra,
    };
  }
}

/** Turns a JSON pointer (`/destination/address/zip`) into the dotted name people read (`destination.address.zip`). */
export function pointerToName(pointer: string): string {
  return pointer.replace(/^\//, '').split('/').join('.');
}

export function validationError(errors: FieldError[]): DomainError {
  const first = errors[0];
  const detail = first ? `${pointerToName(first.path) || 'request'} ${first.message}` : 'invalid request';
  return new DomainError(
    'validation_failed',
    errors.length > 1 ? `${detail} (and ${errors.length - 1} more)` : detail,
    {
      errors,
    },
  );
}

export function fieldError(
  path: string,
  code: FieldErrorCode,
  message: string,
  params?: FieldErrorParams,
): DomainError {
  return validationError([{ path, message, code, ...(params ? { params } : {}) }]);
}

/** A number outside [min, max], or not whole where it must be: the code says which rule it broke. */
export function rangeError(
  path: string,
  message: string,
  value: number,
  { min, max, integer = false }: { min: number; max: number; integer?: boolean },
): DomainError {
  if (integer && !Number.isInteger(value)) return fieldError(path, 'type', message, { type: 'integer' });
  return value < min
    ? fieldError(path, 'minimum', message, { limit: min })
    : fieldError(path, 'maximum', message, { limit: max });
}

export function notFound(what: string): DomainError {
  return new DomainError('not_found', `${what} not found`);
}

export function invalidState(detail: string): DomainError {
  return new DomainError('invalid_state', detail);
}

/** Seconds a client is told to wait (`Retry-After`) before trying a write again on a full disk. */
export const STORAGE_FULL_RETRY_S = 30;

/**
 * A write refused for want of disk space (507, contract): nothing was saved, and the same write succeeds once space
 * returns. Each engine turns its own "disk full" into this (SQLite's SQLITE_FULL, PostgreSQL's SQLSTATE 53100).
 */
export function storageFull(cause?: unknown): DomainError {
  const error = new DomainError(
    'storage_full',
    'the disk of this station is full: nothing was saved. Free some space on it; reads keep working meanwhile',
    { extra: { retry_after: STORAGE_FULL_RETRY_S } },
  );
  if (cause !== undefined) error.cause = cause;
  return error;
}

/**
 * A write failed because the disk (or the user's quota) is full: a store's refusal (`storageFull`), or ENOSPC/EDQUOT
 * from a file the station writes (label PDFs, printouts, backups).
 */
export function isStorageFull(e: unknown): boolean {
  if (e instanceof DomainError) return e.code === 'storage_full';
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}
