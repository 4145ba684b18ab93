import { constants } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { describeEndpoint, type Endpoint } from './endpoint.js';

/** A delivery that did not reach the printer: worth retrying (as opposed to a label that cannot be made). */
export class TransportError extends Error {
  override name = 'TransportError';
  /**
   * 'no' when the failure proves the printer got nothing of this delivery (no connection, the spooler refused
   * it); otherwise bytes may have reached it once the first one left.
   */
  readonly delivered: 'no' | 'maybe';
  constructor(message: string, opts: { delivered?: 'no' | 'maybe' } = {}) {
    super(message);
    this.delivered = opts.delivered ?? 'maybe';
  }
}

export interface SendOptions {
  connectTimeoutMs?: number;
  /** How long the printer may take to read the whole job. */
  writeTimeoutMs?: number;
  /**
   * After our last byte left, how long to wait for the printer to close its side. Raw-port printers close
   * once they have read the job (that is the acknowledgement); one that stays silent without an error for
   * this long has taken the bytes too.
   */
  ackTimeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Called right before the first byte leaves (after the connection opened); throwing stops the delivery with
   * nothing sent. The queue records here that the label is on its way (in the store, so it may take a moment).
   */
  beforeWrite?: () => void | Promise<void>;
}

export const DEFAULT_SEND: Required<Omit<SendOptions, 'signal' | 'beforeWrite'>> = {
  connectTimeoutMs: 5000,
  writeTimeoutMs: 30000,
  ackTimeoutMs: 2000,
};

/**
 * The acknowledgement of a raw printer: a status request sent right after the job. The printer reads its input
 * in order, so its answer proves it holds every byte of the job. (TCP alone cannot tell: Node reports bytes
 * handed to the kernel, and a printer switched off mid-job may still close its side cleanly.)
 */
export interface Ack {
  request: Uint8Array;
  /** True once `answer` holds the whole reply (including replies the job's own bytes may have triggered). */
  complete(answer: Buffer): boolean;
}

/** Sends one job and resolves only when every byte was accepted; a failure is a TransportError. */
export function sendRaw(
  endpoint: Endpoint,
  bytes: Uint8Array,
  opts: SendOptions & { ack?: Ack | null } = {},
): Promise<void> {
  return endpoint.kind === 'tcp'
    ? sendTcp(endpoint.host, endpoint.port, bytes, opts)
    : sendDevice(endpoint.path, bytes, opts.beforeWrite);
}

function sendTcp(
  host: string,
  port: number,
  bytes: Uint8Array,
  opts: SendOptions & { ack?: Ack | null },
): Promise<void> {
  const o = { ...DEFAULT_SEND, ...opts };
  const where = `${host}:${port}`;
  const ack = opts.ack ?? null;
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    socket.setNoDelay(true);
    let settled = false;
    let flushed = false;
    let writing = false;
    let answer = Buffer.alloc(0);
    let timer: NodeJS.Timeout;
    const settle = (err?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      if (err) {
        socket.destroy();
        reject(
          err instanceof TransportError
            ? err
            : new TransportError(`${where}: ${err.message}`, { delivered: writing ? 'maybe' : 'no' }),
        );
        return;
      }
      // Close gently (FIN): an abrupt reset right after the job could make a printer drop its input.
      socket.end();
      setTimeout(() => socket.destroy(), 1000).unref();
      resolve();
    };
    const onAbort = () => settle(new TransportError(`${where}: canceled`, { delivered: writing ? 'maybe' : 'no' }));
    if (opts.signal?.aborted) return onAbort();
    opts.signal?.addEventListener('abort', onAbort);

    timer = setTimeout(
      () => settle(new TransportError(`${where}: no connection within ${o.connectTimeoutMs} ms`, { delivered: 'no' })),
      o.connectTimeoutMs,
    );
    socket.once('connect', () => {
      clearTimeout(timer);
      const write = () => {
        if (settled) return;
        writing = true;
        timer = setTimeout(
          () => settle(new TransportError(`${where}: the printer did not take the job within ${o.writeTimeoutMs} ms`)),
          o.writeTimeoutMs,
        );
        if (ack) socket.write(Buffer.concat([bytes, ack.request]));
        else socket.end(bytes);
      };
      Promise.resolve()
        .then(() => opts.beforeWrite?.())
        .then(write, (e: unknown) => settle(e as Error));
    });
    socket.on('data', (d: Buffer) => {
      if (!ack) return; // unsolicited status bytes
      answer = Buffer.concat([answer, d]);
      if (ack.complete(answer)) settle();
    });
    if (!ack) {
      // Without a status back-channel: the printer closing its side after our last byte is the acknowledgement,
      // and one that stays silent without an error for ackTimeoutMs has taken the bytes too.
      socket.once('finish', () => {
        flushed = true;
        clearTimeout(timer);
        timer = setTimeout(() => settle(), o.ackTimeoutMs);
      });
    }
    socket.once('end', () =>
      settle(
        flushed
          ? undefined
          : new TransportError(`${where}: the printer closed the connection before acknowledging the job`),
      ),
    );
    socket.once('error', (e) => settle(e));
    socket.once('close', () =>
      settle(
        flushed
          ? undefined
          : new TransportError(`${where}: the connection closed before the printer acknowledged the job`),
      ),
    );
  });
}

/**
 * A device path must be a device (or a pipe to one): a printer configured over the API must never become a way
 * to append to an ordinary file such as /etc/passwd.
 */
async function assertDevice(path: string): Promise<void> {
  if (process.platform === 'win32') return; // \\.\COM3 and the like; they are not files
  const s = await stat(path).catch((e: Error) => {
    throw new TransportError(`${path}: ${e.message}`, { delivered: 'no' });
  });
  if (!s.isCharacterDevice() && !s.isFIFO()) throw new TransportError(`${path} is not a device`, { delivered: 'no' });
}

async function sendDevice(path: string, bytes: Uint8Array, beforeWrite?: () => void | Promise<void>): Promise<void> {
  await assertDevice(path);
  // No O_CREAT: a missing printer must fail, not leave a regular file where the device should be.
  let fh;
  try {
    fh = await open(path, constants.O_WRONLY | constants.O_APPEND);
  } catch (e) {
    throw new TransportError(`${path}: ${(e as Error).message}`, { delivered: 'no' });
  }
  try {
    await beforeWrite?.();
    let off = 0;
    while (off < bytes.length) off += (await fh.write(bytes, off, bytes.length - off)).bytesWritten;
  } catch (e) {
    throw new TransportError(`${path}: ${(e as Error).message}`);
  } finally {
    await fh.close();
  }
}

/**
 * Sends a status request and collects the answer until `complete` says it is whole. Only TCP printers can
 * answer here; for a device the result is null (the device file is write-only for most printers).
 */
export function queryTcp(
  endpoint: Endpoint,
  request: Uint8Array,
  complete: (answer: Buffer) => boolean,
  timeoutMs = 2000,
): Promise<Buffer> {
  if (endpoint.kind !== 'tcp')
    return Promise.reject(new TransportError(`${describeEndpoint(endpoint)}: no status over a device file`));
  const { host, port } = endpoint;
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let answer = Buffer.alloc(0);
    const done = (err?: Error) => {
      clearTimeout(timer);
      socket.destroy();
      if (err) reject(new TransportError(`${host}:${port}: ${err.message}`));
      else resolve(answer);
    };
    const timer = setTimeout(() => done(new Error(`no status answer within ${timeoutMs} ms`)), timeoutMs);
    socket.once('connect', () => socket.write(request));
    socket.on('data', (d: Buffer) => {
      answer = Buffer.concat([answer, d]);
      if (complete(answer)) done();
    });
    socket.once('error', (e) => done(e));
    socket.once('close', () => done(new Error('connection closed before a status answer')));
  });
}

/**
 * Whether a TCP printer answers status requests: true when it answers `request` within `timeoutMs`, false when
 * it takes the connection but stays silent (many ESC/POS clones and print servers); a TransportError when there
 * is no connection. Such a printer's jobs are then acknowledged by its closing the connection instead of by a
 * status answer that would never come.
 */
export function answersStatus(
  endpoint: Extract<Endpoint, { kind: 'tcp' }>,
  request: Uint8Array,
  complete: (answer: Buffer) => boolean,
  timeoutMs = 1000,
): Promise<boolean> {
  const { host, port } = endpoint;
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    let connected = false;
    let settled = false;
    let answer = Buffer.alloc(0);
    const done = (result: boolean | Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (result instanceof Error)
        reject(new TransportError(`${host}:${port}: ${result.message}`, { delivered: 'no' }));
      else resolve(result);
    };
    let timer = setTimeout(
      () => done(new Error(`no connection within ${DEFAULT_SEND.connectTimeoutMs} ms`)),
      DEFAULT_SEND.connectTimeoutMs,
    );
    socket.once('connect', () => {
      connected = true;
      clearTimeout(timer);
      timer = setTimeout(() => done(false), timeoutMs);
      socket.write(request);
    });
    socket.on('data', (d: Buffer) => {
      answer = Buffer.concat([answer, d]);
      if (complete(answer)) done(true);
    });
    // A printer that drops a connection it cannot answer on is silent too; no connection at all is an error.
    socket.once('error', (e) => done(connected ? false : e));
    socket.once('close', () => done(connected ? false : new Error('connection closed')));
  });
}
