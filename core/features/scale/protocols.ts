/**
 * What a scale says, read from its own bytes. Node-free and stateless but for the framer, so that every protocol is
 * tested on the bytes a scale sends. Three serial protocols cover the scales packing desks have:
 * - NCI / Brecknell (Avery Weigh-Tronix SCP-01, "NCI standard"): the host sends `W<CR>`; the scale answers
 *   `<LF>weight unit<CR><LF>Shh<CR><ETX>` or `<LF>weight unit<CR><LF>hh<CR><ETX>`, the status bytes' low bits
 *   saying motion, zero, under and over capacity; `^^^^^^` in place of the weight is over capacity, `______` under zero.
 * - Mettler Toledo MT-SICS: the host sends `SI` (the weight now) or `S` (the next stable weight); the answer
 *   `S S  1.234 kg` is stable, `S D  1.234 kg` dynamic, `S +` over the range, `S -` under it, `S I` busy.
 * - Continuous output (CAS and the many that copy it): the scale sends `ST,GS,+  1.234kg` lines by itself;
 *   `ST` stable, `US` unstable, `OL` overload; `GS`/`NT` gross or net.
 * The USB HID POS scales are in hid-pos.ts.
 */

export const SERIAL_PROTOCOLS = ['nci', 'mt-sics', 'continuous'] as const;
export type SerialProtocol = (typeof SERIAL_PROTOCOLS)[number];
export const PROTOCOLS = [...SERIAL_PROTOCOLS, 'hid-pos'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export const SCALE_STATES = ['ok', 'unstable', 'overload', 'under_zero', 'disconnected'] as const;
export type ScaleState = (typeof SCALE_STATES)[number];

export type Unit = 'kg' | 'g' | 'lb' | 'oz';

/** One reading as a scale gives it: the weight in its own unit, and in kilograms. */
export interface Reading {
  state: Exclude<ScaleState, 'disconnected'>;
  stable: boolean;
  weight: number | null;
  unit: Unit | null;
  weight_kg: number | null;
}

const TO_KG: Record<Unit, number> = { kg: 1, g: 0.001, lb: 0.45359237, oz: 0.028349523125 };

export function unitOf(text: string): Unit | null {
  const u = text.trim().toLowerCase();
  if (u === 'kg' || u === 'g' || u === 'oz') return u;
  if (u === 'lb' || u === 'lbs' || u === '#') return 'lb';
  return null;
}

/** A weight in kilograms, rounded to the gram (a scale's own resolution is coarser). */
export const toKg = (weight: number, unit: Unit) => Math.round(weight * TO_KG[unit] * 1000) / 1000;

function reading(state: Reading['state'], weight: number | null, unit: Unit | null): Reading {
  const kg = weight === null || unit === null ? null : toKg(weight, unit);
  return { state, stable: state === 'ok', weight, unit, weight_kg: kg };
}

/** `   1.234 kg`, `-0.50LB`, `12.3 oz` → number and unit. */
function weightAndUnit(text: string): { weight: number; unit: Unit | null } | null {
  const m = /^\s*([-+])?\s*(\d+(?:\.\d*)?|\.\d+)\s*([A-Za-z#]*)\s*$/.exec(text);
  if (!m) return null;
  const weight = Number(m[2]) * (m[1] === '-' ? -1 : 1);
  return { weight, unit: unitOf(m[3]!) };
}

/** What the host sends to ask for a weight, if the protocol asks (continuous scales talk by themselves). */
export const REQUEST: Record<SerialProtocol, string | null> = {
  nci: 'W\r',
  'mt-sics': 'SI\r\n',
  continuous: null,
};

/** Where a frame ends: NCI's ETX, a line break for the others. */
const FRAME_END: Record<SerialProtocol, string | RegExp> = {
  nci: '\x03',
  'mt-sics': /\r?\n/,
  continuous: /\r?\n/,
};

/** Splits a byte stream into frames; what is left over waits for the next bytes (at most 4 KiB of it). */
export function createFramer(protocol: SerialProtocol) {
  let pending = '';
  return (chunk: string): string[] => {
    pending += chunk;
    const parts = pending.split(FRAME_END[protocol]);
    pending = parts.pop() ?? '';
    if (pending.length > 4096) pending = '';
    return parts.filter((p) => p.trim() !== '');
  };
}

/** NCI status bytes carry their bits in the low nibble (the high bits make them printable). */
const bit = (status: string, byte: number, b: number) => ((status.charCodeAt(byte) & 0x0f) >> b) & 1;

export function parseNci(frame: string): Reading | null {
  const lines = frame
    .split(/[\r\n]+/)
    .map((l) => l.trim())
    .filter(Boolean);
  // The status bytes are a line after the weight, with an `S` before them or alone (the NCI 7800 and 7821 and
  // Brecknell 3700LP manuals write `<LF>hh<CR>`): a bare one is 2 or 3 bytes of 0x30–0x3F, never the first line.
  const at = lines.findIndex((l, i) => /^S.{2,3}$/.test(l) || (i > 0 && /^[\x30-\x3f]{2,3}$/.test(l)));
  const status = at < 0 ? '' : lines[at]!.replace(/^S/, '');
  const weightLine = lines.find((_, i) => i !== at);
  if (weightLine === undefined) return null;
  const overCapacity = /^\^+$/.test(weightLine) || (status.length >= 2 && bit(status, 1, 1) === 1);
  const underCapacity = /^_+$/.test(weightLine) || (status.length >= 2 && bit(status, 1, 0) === 1);
  if (overCapacity) return reading('overload', null, null);
  const parsed = weightAndUnit(weightLine);
  if (underCapacity) return reading('under_zero', parsed?.weight ?? null, parsed?.unit ?? null);
  if (!parsed) return null;
  const moving = status.length >= 1 && bit(status, 0, 0) === 1;
  if (parsed.weight < 0) return reading('under_zero', parsed.weight, parsed.unit ?? 'lb');
  return reading(moving ? 'unstable' : 'ok', parsed.weight, parsed.unit ?? 'lb');
}

export function parseMtSics(frame: string): Reading | null {
  const line = frame.trim();
  if (/^S\s+\+$/.test(line)) return reading('overload', null, null);
  if (/^S\s+-$/.test(line)) return reading('under_zero', null, null);
  if (/^S\s+I$/.test(line)) return reading('unstable', null, null);
  const m = /^S\s+([SD])\s+(.+)$/.exec(line);
  if (!m) return null;
  const parsed = weightAndUnit(m[2]!);
  if (!parsed) return null;
  const unit = parsed.unit ?? 'g';
  if (parsed.weight < 0) return reading('under_zero', parsed.weight, unit);
  return reading(m[1] === 'S' ? 'ok' : 'unstable', parsed.weight, unit);
}

export function parseContinuous(frame: string): Reading | null {
  const m = /^(ST|US|OL)\s*,\s*(?:GS|NT|TR|GW|NW)?\s*,?\s*(.*)$/i.exec(frame.trim());
  if (!m) return null;
  const head = m[1]!.toUpperCase();
  if (head === 'OL') return reading('overload', null, null);
  const parsed = weightAndUnit(m[2]!);
  if (!parsed) return null;
  const unit = parsed.unit ?? 'kg';
  if (parsed.weight < 0) return reading('under_zero', parsed.weight, unit);
  return reading(head === 'ST' ? 'ok' : 'unstable', parsed.weight, unit);
}

export const PARSERS: Record<SerialProtocol, (frame: string) => Reading | null> = {
  nci: parseNci,
  'mt-sics': parseMtSics,
  continuous: parseContinuous,
};
