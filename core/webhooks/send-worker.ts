import { parentPort, workerData } from 'node:worker_threads';
import { createSender } from './send.js';

/** What the delivery worker hands to the sending thread: one attempt, signed already. */
export interface SendTask {
  url: string;
  headers: Record<string, string>;
  body: string;
}

const { listed, timeoutMs } = workerData as { listed: string[]; timeoutMs: number };
const sender = createSender({ listed: new Set(listed) }, timeoutMs);

/** Each attempt, on this thread's keep-alive connections (send.ts), the address checked as it connects. */
parentPort!.on('message', (task: SendTask & { id: number }) => {
  void sender
    .send(task.url, task.headers, task.body)
    .then((outcome) => parentPort!.postMessage({ id: task.id, outcome }));
});
