import type { OpInput, OpName, OpOutput } from '../../app/api.js';
import type { ProblemBody } from '../errors.js';
import { routes } from './routes.js';

/**
 * The typed client of the service: `client.call('shipments.search', { query })` is checked against the operation's
 * schemas and returns its output type. One client, several transports (HTTP with a token, the desktop app's IPC
 * bridge, the `station` command in-process), so that the renderer, the CLI and the tests call the service alike.
 * Node-free, and at run time it needs only the route table (./routes.ts): the renderer bundles it without the specs.
 */
export type { OpInput, OpName, OpOutput, ProblemBody };

/** A call the service refused or could not answer; `problem.code` is stable, `problem.errors` name the fields. */
export class ApiError extends Error {
  constructor(readonly problem: ProblemBody) {
    super(problem.detail);
    this.name = 'ApiError';
  }
}

/** Carries one call to the service and back: resolves with the answer, rejects with an ApiError. */
export type Transport = (op: OpName, input: Partial<Record<'params' | 'query' | 'body', unknown>>) => Promise<unknown>;

type Args<N extends OpName> = object extends OpInput<N> ? [input?: OpInput<N>] : [input: OpInput<N>];

export interface StationClient {
  call<N extends OpName>(op: N, ...args: Args<N>): Promise<OpOutput<N>>;
}

export function createClient(transport: Transport): StationClient {
  return {
    call: (op, ...args) => transport(op, args[0] ?? {}) as never,
  };
}

/** The service could not be reached at all (no answer, or not the service answering). */
export const unreachable = (detail: string): ApiError => new ApiError({ status: 0, code: 'unreachable', detail });

/** Path parameters and query strings are scalars: the schemas of every operation say so. */
type Scalars = Record<string, string | number | boolean | null | undefined>;

/** `/shipments/:id` with `{ id: 'X' }` → `/shipments/X`. */
function pathOf(template: string, params: unknown): string {
  const values = (params ?? {}) as Scalars;
  return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name] ?? '')));
}

export interface HttpTransportOptions {
  /** `{base_url}`, e.g. http://127.0.0.1:8787/v1 */
  baseUrl: string;
  /** The personal access token, or a function asked at each call (the desk's sign-in may change it). */
  token?: string | (() => string | null);
  fetch?: typeof fetch;
}

/** Calls the operation at the route its spec declares, with `Authorization: Bearer`. */
export function httpTransport({
  baseUrl,
  token,
  fetch: fetchFn = globalThis.fetch.bind(globalThis),
}: HttpTransportOptions): Transport {
  return async (op, input) => {
    const route = routes[op];
    if (!route)
      throw new ApiError({
        status: 403,
        code: 'forbidden',
        detail: `${op} is for the station's owner, at the station`,
      });
    const url = new URL(baseUrl.replace(/\/+$/, '') + pathOf(route.path, input.params));
    for (const [k, v] of Object.entries((input.query ?? {}) as Scalars))
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
    const secret = typeof token === 'function' ? token() : token;
    let res: Response;
    try {
      res = await fetchFn(url, {
        method: route.method,
        headers: {
          ...(secret ? { authorization: `Bearer ${secret}` } : {}),
          ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
      });
    } catch (e) {
      throw unreachable(`the station at ${baseUrl} did not answer (${(e as Error).message})`);
    }
    const text = await res.text();
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      throw unreachable(`the answer from ${baseUrl} is not the station's (HTTP ${res.status})`);
    }
    if (res.status >= 400) {
      const p = (body ?? {}) as Partial<ProblemBody>;
      throw new ApiError({
        ...p,
        status: res.status,
        code: p.code ?? 'error',
        detail: p.detail ?? `HTTP ${res.status}`,
      });
    }
    return body;
  };
}

/** One call over the desktop app's IPC bridge, and its answer (errors travel as data: IPC loses error fields). */
export interface BridgeCall {
  op: OpName;
  input?: Partial<Record<'params' | 'query' | 'body', unknown>>;
}
export type BridgeResult = { ok: true; value: unknown } | { ok: false; problem: ProblemBody };

/** What the desktop app's preload exposes as `window.station`. */
export interface DeskBridge {
  call(req: BridgeCall): Promise<BridgeResult>;
}

export function bridgeTransport(bridge: DeskBridge): Transport {
  return async (op, input) => {
    const r = await bridge.call({ op, input });
    if (!r.ok) throw new ApiError(r.problem);
    return r.value;
  };
}
