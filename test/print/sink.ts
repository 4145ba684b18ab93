import { createServer, type Server, type Socket } from 'node:net';

export type SinkProtocol = 'escpos' | 'zpl' | 'tspl';

/** STATION_PRINTER_PORTS for stations whose printers are sinks: these listen on any free port. */
export const SINK_PORTS = '1024-65535';

/** Status answers a sink gives, per protocol, in the printer's own bytes. */
export interface SinkStatus {
  paperOut?: boolean;
  headOpen?: boolean;
}

/** The status requests a printer of each protocol answers at once, wherever they appear in its input. */
const GS_R_1 = Buffer.from([0x1d, 0x72, 0x01]);
const GS_V_0 = Buffer.from([0x1d, 0x76, 0x30]);
const REQUESTS: Record<SinkProtocol, Buffer[]> = {
  escpos: [...[1, 2, 3, 4].map((n) => Buffer.from([0x10, 0x04, n])), GS_R_1],
  zpl: [Buffer.from('~HS', 'latin1')],
  tspl: [Buffer.from([0x1b, 0x21, 0x3f])],
};

function statusAnswer(protocol: SinkProtocol, request: Buffer, s: SinkStatus): Buffer {
  if (protocol === 'escpos') {
    if (request.equals(GS_R_1)) return Buffer.from([s.paperOut ? 0x0c : 0x00]);
    const n = request[2];
    if (n === 2) return Buffer.from([0x12 | (s.headOpen ? 0x04 : 0) | (s.paperOut ? 0x20 : 0)]);
    if (n === 4) return Buffer.from([0x12 | (s.paperOut ? 0x60 : 0)]);
    return Buffer.from([0x12]);
  }
  if (protocol === 'zpl')
    return Buffer.from(
      `\x02030,${s.paperOut ? 1 : 0},0,1245,000,0,0,0,000,0,0,0\x03\r\n\x02001,0,${s.headOpen ? 1 : 0},0,0,2,4,0,00000000,1,000\x03\r\n\x021234,0\x03\r\n`,
      'latin1',
    );
  return Buffer.from([(s.headOpen ? 0x01 : 0) | (s.paperOut ? 0x04 : 0)]);
}

/**
 * A raw-port printer on 127.0.0.1 that records what it receives. Like a printer it answers status requests as
 * they arrive; the bytes of a connection up to the last request it answered are one job (the station's
 * acknowledgement), and so are the bytes of a connection the client closed. `stop()` is the printer switched
 * off: connections are cut, and bytes not yet acknowledged are lost.
 */
export interface Sink {
  port: number;
  url: string;
  jobs: Buffer[];
  cut: number;
  status: SinkStatus;
  /** Called with each complete job as it arrives. */
  onJob: ((job: Buffer, index: number) => void) | null;
  /** Switches the printer off while the next job is arriving (its first bytes in), and on again `offMs` later. */
  powerCutDuringNextJob(offMs: number): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  waitForJobs(n: number, timeoutMs?: number): Promise<Buffer[]>;
}

export interface SinkOptions {
  /** A printer that never answers status requests (many ESC/POS clones, print servers): only closing tells. */
  silent?: boolean;
  /** Answer status requests this much later, as a printer busy printing the label does. */
  answerDelayMs?: number;
}

/** Whether these bytes are status requests and nothing else (no job). */
function onlyStatusRequests(d: Buffer): boolean {
  let rest = d.toString('latin1');
  for (const r of Object.values(REQUESTS).flat()) rest = rest.split(r.toString('latin1')).join('');
  return rest.length === 0;
}

export async function startSink(protocol: SinkProtocol, port = 0, opts: SinkOptions = {}): Promise<Sink> {
  let server: Server;
  const receiving = new Set<Socket>();
  const waiters = new Set<() => void>();
  let powerCut: number | null = null;

  function listen(p: number): Promise<number> {
    server = createServer((socket) => {
      receiving.add(socket);
      let data = Buffer.alloc(0);
      let scanned = 0;
      let slot: number | null = null;
      /** Records (or, as more of it arrives, extends) this connection's job; status-only traffic is no job. */
      const record = (end: number) => {
        let job = data.subarray(0, end);
        for (const r of REQUESTS[protocol])
          job = Buffer.from(job.toString('latin1').split(r.toString('latin1')).join(''), 'latin1');
        if (!job.length) return;
        const bytes = data.subarray(0, end);
        if (slot === null) {
          slot = sink.jobs.push(bytes) - 1;
          sink.onJob?.(bytes, slot);
          for (const w of [...waiters]) w();
        } else sink.jobs[slot] = bytes;
      };
      socket.on('data', (d: Buffer) => {
        // The cut comes with a job's bytes: a status request (the desk's bar asks every few seconds) is answered.
        if (powerCut !== null && !onlyStatusRequests(d)) {
          const offMs = powerCut;
          powerCut = null;
          void sink.stop().then(() => setTimeout(() => void sink.start(), offMs));
          return;
        }
        data = Buffer.concat([data, d]);
        for (;;) {
          let next: { at: number; request: Buffer } | null = null;
          for (const request of REQUESTS[protocol]) {
            const at = data.indexOf(request, scanned);
            if (at >= 0 && (!next || at < next.at)) next = { at, request };
          }
          // ESC/POS: a printer reads raster data as image, whatever bytes it holds; commands resume after it.
          const image = protocol === 'escpos' ? data.indexOf(GS_V_0, scanned) : -1;
          if (image >= 0 && (!next || image < next.at)) {
            const end =
              image + 8 + (data[image + 4]! | (data[image + 5]! << 8)) * (data[image + 6]! | (data[image + 7]! << 8));
            if (data.length < image + 8 || data.length < end) break;
            scanned = end;
            continue;
          }
          if (!next) break;
          scanned = next.at + next.request.length;
          if (!opts.silent) {
            const answer = statusAnswer(protocol, next.request, sink.status);
            if (opts.answerDelayMs) setTimeout(() => socket.writable && socket.write(answer), opts.answerDelayMs);
            else socket.write(answer);
          }
          record(scanned);
        }
      });
      socket.on('end', () => {
        receiving.delete(socket);
        if (data.length > scanned) record(data.length);
        socket.end();
      });
      socket.on('error', () => {
        receiving.delete(socket);
        // A sender that died mid-job (connection reset): what arrived is what the printer got.
        if (data.length > scanned) record(data.length);
      });
    });
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(p, '127.0.0.1', () => {
        const a = server.address();
        resolve(typeof a === 'object' && a ? a.port : p);
      });
    });
  }

  const actual = await listen(port);
  const sink: Sink = {
    port: actual,
    url: `tcp://127.0.0.1:${actual}`,
    jobs: [],
    cut: 0,
    status: {},
    onJob: null,
    powerCutDuringNextJob(offMs) {
      powerCut = offMs;
    },
    stop() {
      for (const s of receiving) {
        sink.cut++;
        s.destroy();
      }
      receiving.clear();
      return new Promise((resolve) => server.close(() => resolve()));
    },
    async start() {
      await listen(actual);
    },
    waitForJobs(n, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (sink.jobs.length < n) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(sink.jobs.slice(0, n));
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`sink got ${sink.jobs.length} of ${n} jobs`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
  };
  return sink;
}
