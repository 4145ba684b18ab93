import { parentPort, workerData } from 'node:worker_threads';
import { createSender, type SendOutcome } from './send.js';

/** What the delivery worker hands to the sending thread: one attempt, signed already. */
export interface SendTask {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const { listed, timeoutMs } = workerData as { listed: string[]; timeoutMs: number };
const sender = createSender({ listed: new Set(listed) }, timeoutMs);

/** An attempt as it is handed over, and its outcome as it is handed back: by its number. */
export type SendOrder = SendTask & { id: number };
export interface SendDone {
  id: number;
  outcome: SendOutcome;
}

/** The outcomes of one turn of this thread's event loop, handed back in one message (see createThreadSender). */
let done: SendDone[] = [];
function handBack(d: SendDone): void {
  if (done.push(d) > 1) return;
  setImmediate(() => {
    parentPort!.postMessage(done);
    done = [];
  });
}

/** Each attempt, on this thread's keep-alive connections (send.ts), the address checked as it connects. */
parentPort!.on('message', (orders: SendOrder[]) => {
  for (const o of orders) void sender.send(o.url, o.headers, o.body).then((outcome) => handBack({ id: o.id, outcome }));
});
