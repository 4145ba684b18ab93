import { lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { parseEndpoint } from './endpoint.js';
import { fileRoots } from './file-roots.js';
import type { DriverName } from './types.js';

/**
 * Where printers configured through the API may point (contract, "Printing"): a token with shipments.write must
 * not turn the station into a port scanner or a file writer. Raw TCP only to the ports printers use, device paths
 * only under the system's printer and serial device folders, file printers only inside the allowed folders — each
 * judged on the real path, after symlinks. The `station` command is run by the owner and is not restricted.
 */
export interface PrinterPlaces {
  fileRoots: readonly string[];
  ports: PortSet;
  /** The station's data folder: no file printer writes into it (but into its `printouts`), whoever configured it. */
  dataDir: string;
}

type PortSet = { spec: string; has(port: number): boolean };

export const DEFAULT_PRINTER_PORTS = '515,6101,9100-9109';

/** `STATION_PRINTER_PORTS`: comma-separated ports and ranges; a setting that does not parse keeps the default. */
export function printerPorts(setting: string | undefined): PortSet {
  const parse = (spec: string): Array<[number, number]> | null => {
    const ranges: Array<[number, number]> = [];
    for (const part of spec.split(',').map((p) => p.trim())) {
      const m = /^(\d{1,5})(?:-(\d{1,5}))?$/.exec(part);
      if (!m) return null;
      const lo = Number(m[1]);
      const hi = Number(m[2] ?? m[1]);
      if (lo < 1 || hi > 65535 || lo > hi) return null;
      ranges.push([lo, hi]);
    }
    return ranges;
  };
  let spec = setting?.trim() || DEFAULT_PRINTER_PORTS;
  let ranges = parse(spec);
  if (!ranges) {
    console.error(
      `station: STATION_PRINTER_PORTS=${setting} is not a list of ports and ranges; using ${DEFAULT_PRINTER_PORTS}`,
    );
    spec = DEFAULT_PRINTER_PORTS;
    ranges = parse(spec)!;
  }
  return { spec, has: (port) => ranges.some(([lo, hi]) => port >= lo && port <= hi) };
}

export function printerPlaces(dataDir: string, env: Record<string, string | undefined>): PrinterPlaces {
  return { fileRoots: fileRoots(dataDir, env), ports: printerPorts(env.STATION_PRINTER_PORTS), dataDir };
}

/**
 * A file printer's folder inside the station's own data (its store, signing keys, label documents, backups) is
 * refused, also for the owner: a printout named like a key or a store file would replace it. The data folder's
 * `printouts` is the one place inside it meant for them.
 */
export function stationDataProblem(connection: string, places: Pick<PrinterPlaces, 'dataDir'>): string | null {
  return insideRoots(connection, [places.dataDir]) && !insideRoots(connection, [join(places.dataDir, 'printouts')])
    ? `is inside the station's own data folder (${places.dataDir}); use ${join(places.dataDir, 'printouts')} or a folder of your own`
    : null;
}

/** Printer and serial devices: USB and parallel printers, serial ports and Bluetooth serial, per platform. */
const DEVICE = {
  linux: /^\/dev\/(usb\/lp\d+|lp\d+|usblp\d+|tty(S|USB|ACM)\d+|rfcomm\d+)$/,
  darwin: /^\/dev\/(cu|tty)\.[A-Za-z0-9._-]+$/,
  win32: /^\\\\\.\\(COM\d+|LPT\d+|USB\d+)$/i,
} as const;
const deviceRule = (DEVICE as Record<string, RegExp>)[process.platform] ?? DEVICE.linux;

/**
 * The real path of `path`: symlinks resolved, dangling ones followed too, and the part that does not exist yet
 * taken as written. Null for a symlink loop.
 */
export function realPath(path: string, hops = 0): string | null {
  const abs = resolve(path);
  try {
    return realpathSync(abs);
  } catch {
    // Not there (yet), or a loop.
  }
  if (hops > 32) return null;
  try {
    if (lstatSync(abs).isSymbolicLink()) return realPath(resolve(dirname(abs), readlinkSync(abs)), hops + 1);
  } catch {
    // Nothing at all at this path: it is made later, under its parent.
  }
  const parent = dirname(abs);
  if (parent === abs) return abs;
  const real = realPath(parent, hops + 1);
  return real === null ? null : join(real, basename(abs));
}

/** True when `folder` is one of `roots` or lies below one, after symlinks on both sides. */
export function insideRoots(folder: string, roots: readonly string[]): boolean {
  const target = realPath(folder);
  return (
    target !== null &&
    roots.some((root) => {
      const real = realPath(root);
      const rel = real === null ? '..' : relative(real, target);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    })
  );
}

/** What is wrong with where a printer points, for a configuration made through the API; null when it may. */
export function placeProblem(driver: DriverName, connection: string, places: PrinterPlaces): string | null {
  if (driver === 'file')
    return insideRoots(connection, places.fileRoots)
      ? null
      : `must be inside one of the folders the operator allows: ${places.fileRoots.join(', ')}`;
  if (driver === 'system') return null;
  const e = parseEndpoint(connection);
  if (typeof e === 'string') return null; // the driver's own check names it
  if (e.kind === 'tcp')
    return places.ports.has(e.port)
      ? null
      : `port ${e.port} is not a printer port this station allows (STATION_PRINTER_PORTS: ${places.ports.spec})`;
  const real = process.platform === 'win32' ? e.path : realPath(e.path);
  return real !== null && deviceRule.test(real)
    ? null
    : `${e.path} is not a printer or serial device (e.g. /dev/usb/lp0, /dev/ttyUSB0)`;
}
