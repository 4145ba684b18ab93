import type { ApiResponse, Station } from '../helpers/station.js';

/** Helpers of the HTTP tests; the bodies themselves live in test/helpers/fixtures.ts. */
export { admin, DIMENSIONS, packageBody, party, shipmentBody, uniqueRef, type Body } from '../helpers/fixtures.js';
import { shipmentBody, type Body } from '../helpers/fixtures.js';

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
    const r = await postEvent(s, token, id, {
      status,
      ...(status === 'DELIVERED' ? { receiver: { name: 'Juan' } } : {}),
    });
    if (r.status !== 201) throw new Error(`move to ${status} failed: ${r.status} ${r.text}`);
  }
}

/** Asserts the contract's problem shape and returns the body for further checks. */
export function expectProblem(r: ApiResponse, status: number, code: string): Body {
  const ctx = `${r.status} ${r.text}`;
  if (r.status !== status) throw new Error(`expected ${status} ${code}, got ${ctx}`);
  if (!r.headers.get('content-type')?.startsWith('application/problem+json')) throw new Error(`not a problem: ${ctx}`);
  const b = r.body as Body;
  if (
    b.code !== code ||
    b.status !== status ||
    b.type !== 'about:blank' ||
    typeof b.title !== 'string' ||
    typeof b.detail !== 'string'
  )
    throw new Error(`problem shape: ${ctx}`);
  return b;
}

/** Every field error path in a validation problem. */
export function errorPaths(r: ApiResponse): string[] {
  return ((r.body as Body).errors ?? []).map((e: { path: string }) => e.path);
}
