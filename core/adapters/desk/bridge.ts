import { randomUUID } from 'node:crypto';
import { api, type OpName } from '../../app/api.js';
import type { BridgeCall, BridgeResult } from '../../shared/client/index.js';
import { DomainError } from '../../shared/errors.js';
import type { AnySpec } from '../../shared/spec.js';
import { internalError, type Core } from '../../app/index.js';

/**
 * `{base_url}` of the desktop app: links in answers (label and manifest PDFs) use the app's own `station:` scheme,
 * which the main process serves from the core (see desk/downloads.ts): no loopback server, no Host header.
 */
export const DESK_BASE_URL = 'station://desk/v1';

const MAX_INPUT_CHARS = 1024 * 1024;
const PARTS = new Set(['params', 'query', 'body']);

/**
 * What crosses IPC is checked like any request from outside: the page is untrusted. It may call the operations a
 * token may call (those with an HTTP route), never the owner's.
 */
export function parseBridgeCall(raw: unknown): BridgeCall {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    throw new DomainError('validation_failed', 'the call must be an object { op, input }');
  const r = raw as Record<string, unknown>;
  if (typeof r.op !== 'string' || !Object.hasOwn(api, r.op) || !api[r.op as OpName].http)
    throw new DomainError('not_found', `no operation ${String(r.op)}`);
  if (r.input === undefined) return { op: r.op as OpName };
  if (!r.input || typeof r.input !== 'object' || Array.isArray(r.input))
    throw new DomainError('validation_failed', 'input must be an object');
  const unknown = Object.keys(r.input).filter((k) => !PARTS.has(k));
  if (unknown.length)
    throw new DomainError('validation_failed', `input may hold params, query and body, not ${unknown.join(', ')}`);
  const limit = (api[r.op as OpName] as AnySpec).maxBodyBytes ?? MAX_INPUT_CHARS;
  if (JSON.stringify(r.input).length > limit)
    throw new DomainError('payload_too_large', `the input is larger than ${Math.round(limit / 1024 / 1024)} MiB`);
  return { op: r.op as OpName, input: r.input };
}

/**
 * The desktop app's IPC bridge: each call goes straight to `core.execute` as the desk's own token (checked at every
 * call, so a revoked desk token stops the page at once). Errors travel as problem details, like over HTTP.
 */
export function createDeskBridge(core: Core, token: () => string, moved: (token: string) => void = () => {}) {
  return {
    async call(raw: unknown): Promise<BridgeResult> {
      try {
        const { op, input = {} } = parseBridgeCall(raw);
        const principal = await core.authenticate(`Bearer ${token()}`);
        const value = await core.execute(op, input, principal, { baseUrl: DESK_BASE_URL, requestId: randomUUID() });
        // The desk moved to another account: its credential is the one in the answer from now on.
        if (op === 'station.desk.update') moved((value as { token: string }).token);
        return { ok: true, value };
      } catch (e) {
        if (e instanceof DomainError) return { ok: false, problem: e.toProblem() };
        const requestId = randomUUID();
        core.log.error({ err: e, request_id: requestId }, 'desk call failed');
        return { ok: false, problem: internalError(requestId).toProblem() };
      }
    },
  };
}

export type DeskBridgeService = ReturnType<typeof createDeskBridge>;
