import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, hostOf, isRefusedAddress, RefusedAddress, type HostPolicy } from './guard.js';

/** What one attempt ended in: the receiver's status, or why there was none. */
export type SendOutcome = { status: number } | { status: null; error: string };

/** What a receiver's answer may hold that the station reads: its status; the body is read and dropped. */
const MOST_ANSWER_BYTES = 64 * 1024;

/**
 * Sends one message: a POST, no redirect followed (a 3xx is a failed attempt), over keep-alive connections whose
 * address is checked as they connect (guard.ts), given up after `timeoutMs` (a slow receiver counts as failed).
 */
export function createSender(policy: HostPolicy, timeoutMs: number, sockets = 64) {
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

export type Sender = ReturnType<typeof createSender>;
