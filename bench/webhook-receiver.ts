/**
 * The webhooks bench's receiver, in a thread of its own (bench/webhooks.ts): as an integrator's would be, it is not
 * on the event loop of the bench's clients, whose creates it would otherwise slow while it verifies (the
 * `standardwebhooks` package's SHA-256 is pure JS). Verifies every request, answers 204, counts distinct ids.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parentPort } from 'node:worker_threads';
import { Webhook } from 'standardwebhooks';

export type ToReceiver = { trust: string } | { until: number } | { stats: true };
export type FromReceiver =
  { url: string } | { reached: number } | { stats: { distinct: number; bad: number; requests: number } };

let secret: Webhook | null = null;
const ids = new Set<string>();
let bad = 0;
let requests = 0;
let until = Infinity;
const port = parentPort!;
const tell = (m: FromReceiver) => port.postMessage(m);
const reached = () => {
  if (ids.size >= until) {
    tell({ reached: until });
    until = Infinity;
  }
};

const server = createServer((req: IncomingMessage, res: ServerResponse) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    requests++;
    try {
      secret!.verify(Buffer.concat(chunks).toString('utf8'), req.headers as Record<string, string>);
      ids.add(String(req.headers['webhook-id']));
    } catch {
      bad++;
    }
    res.writeHead(204).end();
    reached();
  });
});
server.listen(0, '127.0.0.1', () => tell({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` }));

port.on('message', (m: ToReceiver) => {
  if ('trust' in m) secret = new Webhook(m.trust);
  else if ('until' in m) {
    until = m.until;
    reached();
  } else tell({ stats: { distinct: ids.size, bad, requests } });
});
