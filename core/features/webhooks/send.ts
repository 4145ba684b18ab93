import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../../platform/resources.js';
import { guardedLookup, hostOf, isRefusedAddress, RefusedAddress, type HostPolicy } from './guard.js';

/** What one attempt ended in: the receiver's status, or why there was none. */
export type SendOutcome = { status: number } | { status: null; error: string };

/** What a receiver's answer may hold that the station reads: its status; the body is read and dropped. */
const MOST_ANSWER_BYTES = 64 * 1024;

/**
 * Sends one message: a POST, no redirect followed (a 3xx is a failed attempt), over keep-alive connections whose
 * address is checked as they connect (guard.ts), given up after `timeoutMs` (a slow receiver counts as failed).
 */
export function createSender(policy: HostPolicy, timeoutMs: number, sockets = 64): Sender {
  const lookup = guardedLookup(policy);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: sockets, lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: sockets, lookup }),
  };

  function send(
    rawUrl: string,
    headers: Record<string, string>,
    body: string,
    signal?: AbortSignal,
  ): Promise<SendOutcome> {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return Promise.resolve({ status: null, error: 'not a URL' });
    }
    // A literal address connects without a lookup: checked here instead.
    const host = hostOf(url);
    if (isIP(host) && !policy.listed.has(host) && isRefusedAddress(host))
      return Promise.resolve({ status: null, error: new RefusedAddress(host, host).message });
    const agent = url.protocol === 'https:' ? agents['https:'] : url.protocol === 'http:' ? agents['http:'] : null;
    if (!agent) return Promise.resolve({ status: null, error: `${url.protocol} is not sent to` });
    const request = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve) => {
      let settled = false;
      const done = (o: SendOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(o);
      };
      const req = request(
        url,
        {
          method: 'POST',
          agent,
          ...(signal ? { signal } : {}),
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let read = 0;
          res.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MOST_ANSWER_BYTES) res.destroy();
          });
          res.on('end', () => done({ status: res.statusCode ?? 0 }));
          res.on('close', () => done({ status: res.statusCode ?? 0 }));
          res.on('error', () => done({ status: res.statusCode ?? 0 }));
        },
      );
      const timer = setTimeout(() => {
        done({ status: null, error: `no answer within ${Math.round(timeoutMs / 1000)} s` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (e: NodeJS.ErrnoException) => done({ status: null, error: e.message || e.code || String(e) }));
      req.end(body);
    });
  }

  return {
    send,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

export interface Sender {
  send(url: string, headers: Record<string, string>, body: string, signal?: AbortSignal): Promise<SendOutcome>;
  close(): void;
}

/** What the delivery worker hands to the sending thread (send-worker.ts): one attempt, signed already, by its number. */
export interface SendOrder {
  id: number;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** An attempt's outcome as the sending thread hands it back. */
export interface SendDone {
  id: number;
  outcome: SendOutcome;
}

/** The built sending thread's module, whatever runs this file (as the label workers': core/features/labels/render-pool.ts). */
const WORKER = join(packageRoot(), 'dist', 'core', 'features', 'webhooks', 'send-worker.js');

/**
 * The same sender on a thread of its own: the HTTP client, its sockets and the receivers' answers cost the thread
 * that serves the API nothing but handing each attempt over (a create with an endpoint subscribed paid ~0.2 ms of
 * that thread's CPU per delivery). One thread runs every attempt at once (they wait on the network). Plain
 * worker_threads, not the label drawing's Piscina: its tasks are CPU work one at a time, these are waits on sockets.
 * Started at the first attempt, so a `station` command that sends nothing starts none. Attempts are handed over in
 * one message per turn of the event loop (a claim's whole batch) and their outcomes come back the same way: a
 * message each way per attempt cost the serving thread more than the attempt's signature.
 */
export function createThreadSender(policy: HostPolicy, timeoutMs: number): Sender {
  let worker: Worker | null = null;
  let next = 0;
  /** The attempts of this turn, handed over together at its end. */
  let orders: SendOrder[] = [];
  const waiting = new Map<number, (o: SendOutcome) => void>();
  const endAll = (error: string) => {
    for (const done of waiting.values()) done({ status: null, error });
    waiting.clear();
  };
  function started(): Worker {
    if (worker) return worker;
    const w = new Worker(WORKER, { workerData: { listed: [...policy.listed], timeoutMs } });
    w.on('message', (done: SendDone[]) => {
      for (const { id, outcome } of done) {
        waiting.get(id)?.(outcome);
        waiting.delete(id);
      }
    });
    // A thread that dies takes its attempts with it: each is a failed attempt, tried again on the schedule.
    w.on('error', (e) => endAll(`the sending thread failed: ${e.message}`));
    w.on('exit', () => {
      worker = null;
      endAll('the sending thread stopped');
    });
    w.unref();
    return (worker = w);
  }
  function handOver(): void {
    const batch = orders;
    orders = [];
    try {
      started().postMessage(batch);
    } catch (e) {
      // A thread that cannot start: these attempts failed, tried again on the schedule (not a crash of the station).
      for (const { id } of batch) {
        waiting.get(id)?.({ status: null, error: `the sending thread could not start: ${(e as Error).message}` });
        waiting.delete(id);
      }
    }
  }
  return {
    send(url, headers, body, signal) {
      if (signal?.aborted) return Promise.resolve({ status: null, error: 'stopped' });
      const id = next++;
      return new Promise<SendOutcome>((resolve) => {
        const stop = () => {
          if (waiting.delete(id)) resolve({ status: null, error: 'stopped' });
        };
        // The signal lives as long as the worker: each attempt takes its listener away when it ends.
        waiting.set(id, (o) => {
          signal?.removeEventListener('abort', stop);
          resolve(o);
        });
        signal?.addEventListener('abort', stop, { once: true });
        if (orders.push({ id, url, headers, body }) === 1) queueMicrotask(handOver);
      });
    },
    close() {
      void worker?.terminate();
      worker = null;
    },
  };
}
