import { createCore } from '../../core/index.js';
import type { ApiResponse, Station } from '../helpers/station.js';

/** Shared bodies and helpers of the HTTP tests: one valid shipment, changed one field at a time. */

export const DIMENSIONS = { height: 10, width: 20, length: 30, weight: 1.5 };

export function party(name = 'Ana Pérez', city = 'Córdoba', zip = 'X5000') {
  return {
    contact: { name, phone: '+5493511234567', email: 'ana.perez@example.com', identification: '20-12345678-9' },
    address: {
      street: 'Avenida Colón 1234',
      city,
      state: 'Córdoba',
      country: 'AR',
      zip,
      type: 'RESIDENTIAL',
      lat: -31.4135,
      lng: -64.1811,
    },
  };
}

let seq = 0;
/** A unique ref per call, so that tests sharing a server never collide. */
export function uniqueRef(prefix = 'ORD'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}`;
}

export type Body = Record<string, any>;

/** A complete, valid create body; `over` replaces top-level members. */
export function shipmentBody(over: Body = {}): Body {
  return {
    ref: uniqueRef(),
    type: 'DELIVERY',
    value: 1500.5,
    content: 'Two books',
    notes: 'Ring twice',
    platform: 'WOO',
    origin: party('Depósito Central', 'Rosario', 'S2000'),
    destination: party(),
    dimensions: { ...DIMENSIONS },
    ...over,
  };
}

export function packageBody(over: Body = {}): Body {
  return {
    ref: uniqueRef('PKG'),
    content: 'One box',
    origin: party('Sucursal Norte', 'Salta', 'A4400'),
    dimensions: { ...DIMENSIONS },
    ...over,
  };
}

/**
 * A deep copy of `body` with the member at JSON pointer `path` set to `value` (removed when `value` is
 * undefined), so that a table of rules can name each field the way the API's errors do.
 */
export function withPath(body: Body, path: string, value: unknown): Body {
  const copy = structuredClone(body);
  const keys = path.split('/').slice(1);
  let node: any = copy;
  for (const k of keys.slice(0, -1)) node = node[k];
  const last = keys[keys.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

/** Creates a shipment and fails the test with the problem body when the service refuses it. */
export async function createShipment(s: Station, token: string, over: Body = {}): Promise<Body> {
  const r = await s.request('POST', '/shipments', { token, body: shipmentBody(over) });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.body;
}

/** Records a tracking event; returns the raw response so that refusals can be asserted too. */
export function postEvent(s: Station, token: string, id: string | number, body: Body): Promise<ApiResponse> {
  return s.request('POST', `/shipments/${id}/events`, { token, body });
}

/** Drives a shipment along `statuses`, failing loudly at the first refused step. */
export async function drive(s: Station, token: string, id: string | number, statuses: string[]): Promise<void> {
  for (const status of statuses) {
    const r = await postEvent(s, token, id, { status, ...(status === 'DELIVERED' ? { receiver: { name: 'Juan' } } : {}) });
    if (r.status !== 201) throw new Error(`move to ${status} failed: ${r.status} ${r.text}`);
  }
}

/** Asserts the contract's problem shape and returns the body for further checks. */
export function expectProblem(r: ApiResponse, status: number, code: string): Body {
  const ctx = `${r.status} ${r.text}`;
  if (r.status !== status) throw new Error(`expected ${status} ${code}, got ${ctx}`);
  if (!r.headers.get('content-type')?.startsWith('application/problem+json')) throw new Error(`not a problem: ${ctx}`);
  const b = r.body as Body;
  if (b.code !== code || b.status !== status || b.type !== 'about:blank' || typeof b.title !== 'string' || typeof b.detail !== 'string')
    throw new Error(`problem shape: ${ctx}`);
  return b;
}

/** Every field error path in a validation problem. */
export function errorPaths(r: ApiResponse): string[] {
  return ((r.body as Body).errors ?? []).map((e: { path: string }) => e.path);
}

export const FULL = ['rates.read', 'shipments.read', 'shipments.write', 'events.read', 'events.write'];

/**
 * Accounts and tokens written straight into a running station's store, exactly as `station account create` and
 * `station token create` do but without a process start (about a second each here). Tests of the commands
 * themselves use the CLI; the rest use this.
 */
export function admin(s: Station) {
  const core = createCore({ dataDir: s.dataDir, printQueue: false });
  const auth = core.services.auth;
  return {
    account: (name: string) => auth.createAccount(name).id,
    token: (account: string | number, permissions: string[], opts: { name?: string; expiresInDays?: number } = {}) =>
      auth.createToken({ account, name: opts.name ?? 'test', permissions, ...opts }),
    tokens: (account: string | number) => auth.listTokens(account),
    close: () => core.close(),
  };
}
