import { parentPort, workerData } from 'node:worker_threads';
import { createSender, type SendDone, type SendOrder } from './send.js';

const { listed, timeoutMs } = workerData as { listed: string[]; timeoutMs: number };
const sender = createSender({ listed: new Set(listed) }, timeoutMs);

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
