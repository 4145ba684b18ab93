import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { Webhook } from 'standardwebhooks';

/** One request as the receiver saw it, verified with the Standard Webhooks reference library. */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { id: string; type: string; timestamp: string; data: any };
  /** Whether `standardwebhooks` verified it with the receiver's secret. */
  verified: boolean;
  /** What the receiver answered (null: it did not answer). */
  answered: number | null;
}

/**
 * A webhook receiver on 127.0.0.1, as an integrator writes one: every request verified with `standardwebhooks`.
 * `answer` decides each reply: a status, or `'hang'` (never answers: the station's timeout counts).
 */
export async function startReceiver(opts: { answer?: (n: number, r: Received) => number | 'hang' } = {}) {
  const received: Received[] = [];
  const secrets: string[] = [];
  const hanging = new Set<ServerResponse>();
  let n = 0;
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      const verified = secrets.some((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const r: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        payload: JSON.parse(body) as Received['payload'],
        verified,
        answered: null,
      };
      received.push(r);
      const a = opts.answer ? opts.answer(n++, r) : 204;
      if (a === 'hang') {
        hanging.add(res);
        return;
      }
      r.answered = a;
      res.writeHead(a).end();
    });
  };
  let server: Server = createServer(handle);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** Verify with this secret (from now on, also with the ones given before). */
    trust(secret: string) {
      secrets.push(secret);
    },
    /** Distinct webhook-ids taken with a 2xx. */
    delivered: () => new Set(received.filter((r) => r.answered !== null && r.answered < 300).map((r) => r.id)),
    /** Stops listening: the station finds nobody there. */
    async down() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
    /** Listens again on the same port. */
    async up() {
      server = createServer(handle);
      await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** The retry schedule at a test's pace: 0, 50 ms, 3 s, 18 s… (STATION_WEBHOOK_RETRY_MS scales every step). */
export const FAST = {
  STATION_WEBHOOK_HOSTS: '127.0.0.1',
  STATION_WEBHOOK_RETRY_MS: '50',
  STATION_WEBHOOK_TIMEOUT_MS: '3000',
};

/** Each message the receiver took, once; every request of one webhook-id carried the same body and verified. */
export function expectEveryMessageOnce(rx: Receiver, codes: string[]) {
  const byId = new Map<string, Received[]>();
  for (const r of rx.received) byId.set(r.id, [...(byId.get(r.id) ?? []), r]);
  for (const [id, copies] of byId) {
    expect(new Set(copies.map((c) => c.body)).size, id).toBe(1);
    for (const c of copies) expect(c.verified, c.body).toBe(true);
  }
  const delivered = [...rx.delivered()].map((id) => byId.get(id)![0]!.payload.data.code as string);
  expect(delivered.sort()).toEqual([...codes].sort());
  // Different messages never share an id: one id per shipment.
  expect(byId.size).toBe(codes.length);
}
