import { toKg, type Reading, type Unit } from './protocols.js';

/**
 * USB scales of the HID Point of Sale usage page (0x8D): Dymo M5/M10/M25, Mettler Toledo PS60, Stamps.com and the
 * like. Each sends a "Scale Data" input report (report ID 3):
 *   [3, status, unit, exponent (signed), weight low byte, weight high byte]
 * The status and unit bytes are indexes into the usage tables' "Scale Status" and "Weight Unit" lists (HID Usage
 * Tables, Point of Sale page): status 1 fault, 2 stable at zero, 3 in motion, 4 stable, 5 under zero, 6 over the
 * limit, 7 needs calibrating, 8 needs re-zeroing; unit 1 mg, 2 g, 3 kg, 4 carat, 5 tael, 6 grain, 7 pennyweight,
 * 8 metric ton, 9 avoirdupois ton, 10 troy ounce, 11 ounce, 12 pound. The weight is the 16-bit value × 10^exponent
 * (Dymo says 0.1 oz as exponent -1).
 */

export const HID_POS_USAGE_PAGE = 0x8d;

/** Vendors of the USB scales desks use, for "find scales" when the OS does not tell the usage page. */
export const SCALE_VENDORS: Record<number, string> = {
  0x0922: 'Dymo',
  0x0eb8: 'Mettler Toledo',
  0x1446: 'Stamps.com',
  0x2474: 'Stamps.com',
  0x6096: 'Fairbanks',
  0x0b67: 'Fairbanks',
};

const UNITS: Record<number, { unit: Unit; factor: number }> = {
  1: { unit: 'g', factor: 0.001 },
  2: { unit: 'g', factor: 1 },
  3: { unit: 'kg', factor: 1 },
  10: { unit: 'oz', factor: 1.0971428571 }, // a troy ounce in avoirdupois ounces
  11: { unit: 'oz', factor: 1 },
  12: { unit: 'lb', factor: 1 },
};

/** A Scale Data report, or null for any other report (or a unit a packing desk does not weigh in). */
export function parseHidReport(report: Uint8Array): Reading | { fault: string } | null {
  if (report.length < 6 || report[0] !== 3) return null;
  const status = report[1]!;
  const unitInfo = UNITS[report[2]!];
  const exponent = (report[3]! << 24) >> 24;
  const raw = report[4]! | (report[5]! << 8);
  if (status === 1) return { fault: 'the scale reports a fault' };
  if (status === 7) return { fault: 'the scale needs calibrating' };
  if (status === 8) return { fault: 'the scale needs re-zeroing' };
  if (status === 6) return { state: 'overload', stable: false, weight: null, unit: null, weight_kg: null };
  if (!unitInfo) return null;
  const weight = Math.round(raw * 10 ** exponent * unitInfo.factor * 1e6) / 1e6;
  const kg = toKg(weight, unitInfo.unit);
  if (status === 5) return { state: 'under_zero', stable: false, weight: -weight, unit: unitInfo.unit, weight_kg: -kg };
  if (status === 2) return { state: 'ok', stable: true, weight: 0, unit: unitInfo.unit, weight_kg: 0 };
  const stable = status === 4;
  return { state: stable ? 'ok' : 'unstable', stable, weight, unit: unitInfo.unit, weight_kg: kg };
}
