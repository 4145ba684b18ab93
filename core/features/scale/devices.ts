import { existsSync, readdirSync, realpathSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { HID_POS_USAGE_PAGE, SCALE_VENDORS } from './hid-pos.js';

/**
 * The native packages that reach scales, loaded when a scale is first used: serialport (prebuilt binaries for
 * Linux, macOS and Windows inside its npm package) and node-hid (likewise). A station where either is missing or
 * fails to load still starts; its scale then reads "disconnected", with the reason.
 */
export type SerialPortModule = typeof import('serialport');
export type HidModule = typeof import('node-hid');

let serial: Promise<SerialPortModule> | null = null;
let hid: Promise<HidModule> | null = null;

const why = (pkg: string, e: unknown) => `the ${pkg} package could not be loaded (${(e as Error).message})`;

export function loadSerialPort(): Promise<SerialPortModule> {
  serial ??= import('serialport').catch((e: unknown) => {
    serial = null;
    throw new Error(why('serialport', e));
  });
  return serial;
}

export function loadHid(): Promise<HidModule> {
  hid ??= import('node-hid').catch((e: unknown) => {
    hid = null;
    throw new Error(why('node-hid', e));
  });
  return hid;
}

export interface FoundDevice {
  kind: 'serial' | 'hid';
  /** What the scale setting's `device` takes. */
  path: string;
  name: string;
  /** A USB POS scale (HID usage page 0x8D or a scale maker), or a serial adapter; the operator decides. */
  likely_scale: boolean;
  /** The protocol to try first. */
  protocol: 'nci' | 'mt-sics' | 'continuous' | 'hid-pos';
}

const onPath = (cmd: string) => (process.env.PATH ?? '').split(delimiter).some((d) => d && existsSync(join(d, cmd)));

/**
 * Serial ports. serialport's own list asks `udevadm` on Linux and fails without it (a container, a minimal
 * install); there the stable names udev would give are read from /dev/serial/by-id, then USB and ACM adapters.
 */
async function serialPorts(): Promise<FoundDevice[]> {
  const toDevice = (path: string, name: string): FoundDevice => ({
    kind: 'serial',
    path,
    name,
    likely_scale: false,
    protocol: 'nci',
  });
  if (process.platform !== 'linux' || onPath('udevadm')) {
    const { SerialPort } = await loadSerialPort();
    const ports = await SerialPort.list();
    return ports.map((p) => toDevice(p.path, [p.manufacturer, p.serialNumber].filter(Boolean).join(' ') || p.path));
  }
  const found: FoundDevice[] = [];
  const seen = new Set<string>();
  const byId = '/dev/serial/by-id';
  if (existsSync(byId))
    for (const name of readdirSync(byId)) {
      const path = join(byId, name);
      seen.add(realpathSync(path));
      found.push(toDevice(path, name));
    }
  if (existsSync('/dev'))
    for (const name of readdirSync('/dev')
      .filter((n) => /^tty(USB|ACM)\d+$/.test(n))
      .sort()) {
      const path = `/dev/${name}`;
      if (!seen.has(path)) found.push(toDevice(path, name));
    }
  return found;
}

async function hidScales(): Promise<FoundDevice[]> {
  const HID = await loadHid();
  const devices = await HID.devicesAsync();
  return devices
    .filter((d) => d.path && (d.usagePage === HID_POS_USAGE_PAGE || SCALE_VENDORS[d.vendorId] !== undefined))
    .map((d) => ({
      kind: 'hid' as const,
      path: d.path!,
      name: [d.manufacturer ?? SCALE_VENDORS[d.vendorId], d.product].filter(Boolean).join(' ') || d.path!,
      likely_scale: true,
      protocol: 'hid-pos' as const,
    }));
}

/** Every device the OS can tell of that may be a scale, and for each kind the OS could not ask, why. */
export async function findScales(): Promise<{
  data: FoundDevice[];
  unavailable: Array<{ kind: string; reason: string }>;
}> {
  const data: FoundDevice[] = [];
  const unavailable: Array<{ kind: string; reason: string }> = [];
  for (const [kind, list] of [
    ['hid', hidScales],
    ['serial', serialPorts],
  ] as const) {
    try {
      data.push(...(await list()));
    } catch (e) {
      unavailable.push({ kind, reason: (e as Error).message });
    }
  }
  return { data, unavailable };
}
