import { parseHidReport } from './hid-pos.js';
import { loadHid, loadSerialPort } from './devices.js';
import { createFramer, PARSERS, REQUEST, type Reading, type SerialProtocol } from './protocols.js';
import type { ScaleConfigT } from './schemas.js';

/** A reading older than this is no reading: the scale went quiet (unplugged, switched off, a cable pulled). */
const STALE_MS = 1500;
/** How often a polled scale is asked (NCI `W`, MT-SICS `SI`): about what a person sees as live. */
const POLL_MS = 200;
/** How soon a lost scale is looked for again. */
const RETRY_MS = 1000;

/** The serial settings a protocol's scales ship with; the setting may say otherwise. */
const SERIAL_DEFAULTS: Record<SerialProtocol, { baudRate: number; dataBits: 7 | 8; parity: 'none' | 'even' }> = {
  nci: { baudRate: 9600, dataBits: 7, parity: 'even' },
  'mt-sics': { baudRate: 9600, dataBits: 8, parity: 'none' },
  continuous: { baudRate: 9600, dataBits: 8, parity: 'none' },
};

export type ScaleView =
  | (Reading & { read_at: number; reason: null })
  | {
      state: 'disconnected';
      stable: false;
      weight: null;
      unit: null;
      weight_kg: null;
      read_at: number | null;
      reason: string;
    };

interface Link {
  close(): void;
}

/**
 * One scale, kept open while the station runs: the latest reading, or why there is none. A scale that closes,
 * fails or falls silent reads "disconnected" with the reason, and is opened again by itself once it is back.
 */
export function createScaleConnection(config: ScaleConfigT, now: () => number = Date.now) {
  let last: { reading: Reading; at: number } | null = null;
  let reason = 'connecting to the scale';
  let link: Link | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let poll: NodeJS.Timeout | null = null;

  function lost(why: string): void {
    reason = why;
    if (poll) clearInterval(poll);
    poll = null;
    link?.close();
    link = null;
    if (!stopped && !retry)
      retry = setTimeout(() => {
        retry = null;
        void open();
      }, RETRY_MS).unref();
  }

  const got = (reading: Reading) => {
    last = { reading, at: now() };
  };

  async function openSerial(protocol: SerialProtocol): Promise<Link> {
    const { SerialPort } = await loadSerialPort();
    const d = SERIAL_DEFAULTS[protocol];
    const port = new SerialPort({
      path: config.device,
      baudRate: config.baud_rate ?? d.baudRate,
      dataBits: (config.data_bits ?? d.dataBits) as 7 | 8,
      parity: config.parity ?? d.parity,
      stopBits: (config.stop_bits ?? 1) as 1 | 2,
      autoOpen: false,
    });
    await new Promise<void>((res, rej) => port.open((err) => (err ? rej(err) : res())));
    const frames = createFramer(protocol);
    port.on('data', (chunk: Buffer) => {
      for (const frame of frames(chunk.toString('latin1'))) {
        const r = PARSERS[protocol](frame);
        if (r) got(r);
      }
    });
    port.on('error', (e: Error) => lost(`the scale's port failed: ${e.message}`));
    port.on('close', () => lost(`the scale's port ${config.device} closed`));
    const request = REQUEST[protocol];
    if (request) {
      const ask = () => port.isOpen && port.write(request);
      ask();
      poll = setInterval(ask, POLL_MS).unref();
    }
    return { close: () => port.isOpen && port.close() };
  }

  async function openHid(): Promise<Link> {
    const HID = await loadHid();
    const device = await HID.HIDAsync.open(config.device);
    device.on('data', (report: Buffer) => {
      const r = parseHidReport(report);
      if (r && 'fault' in r) lost(r.fault);
      else if (r) got(r);
    });
    device.on('error', (e: Error) => lost(`the USB scale failed: ${e.message}`));
    return { close: () => void device.close().catch(() => undefined) };
  }

  async function open(): Promise<void> {
    if (stopped || link) return;
    try {
      const opened = config.protocol === 'hid-pos' ? await openHid() : await openSerial(config.protocol);
      if (stopped) return opened.close();
      link = opened;
      reason = 'no reading from the scale yet';
    } catch (e) {
      lost(`cannot open ${config.device}: ${(e as Error).message}`);
    }
  }

  void open();

  return {
    config,
    read(): ScaleView {
      const t = now();
      if (last && t - last.at <= STALE_MS && link) return { ...last.reading, read_at: last.at, reason: null };
      const why = link && last ? `no reading from the scale for ${((t - last.at) / 1000).toFixed(1)} s` : reason;
      return {
        state: 'disconnected',
        stable: false,
        weight: null,
        unit: null,
        weight_kg: null,
        read_at: last?.at ?? null,
        reason: why,
      };
    },
    stop(): void {
      stopped = true;
      if (retry) clearTimeout(retry);
      if (poll) clearInterval(poll);
      link?.close();
      link = null;
    },
  };
}

export type ScaleConnection = ReturnType<typeof createScaleConnection>;
