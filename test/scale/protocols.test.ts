import { describe, expect, it } from 'vitest';
import { parseHidReport } from '../../core/features/scale/hid-pos.js';
import { createFramer, parseContinuous, parseMtSics, parseNci } from '../../core/features/scale/protocols.js';

const ETX = '\x03';

describe('serial scale protocols, read from the bytes a scale sends', () => {
  it('NCI/Brecknell: weight, unit and the status bytes (motion, over and under capacity)', () => {
    expect(parseNci(`\n   1.250KG\r\nS00\r${ETX}`)).toEqual({
      state: 'ok',
      stable: true,
      weight: 1.25,
      unit: 'kg',
      weight_kg: 1.25,
    });
    // Status byte 1, bit 0: the scale is in motion.
    expect(parseNci(`\n   1.240KG\r\nS10\r`)).toMatchObject({ state: 'unstable', stable: false, weight_kg: 1.24 });
    expect(parseNci(`\n  3.50LB\r\nS00\r`)).toMatchObject({ state: 'ok', unit: 'lb', weight_kg: 1.588 });
    // Over capacity: carets for the weight, or status byte 2 bit 1; under capacity: underscores, or bit 0.
    expect(parseNci(`\n^^^^^^^\r\nS02\r`)).toMatchObject({ state: 'overload', weight_kg: null });
    expect(parseNci(`\n   0.000KG\r\nS02\r`)).toMatchObject({ state: 'overload' });
    expect(parseNci(`\n_______\r\nS01\r`)).toMatchObject({ state: 'under_zero', weight_kg: null });
    expect(parseNci(`\n  -0.020KG\r\nS00\r`)).toMatchObject({ state: 'under_zero', weight_kg: -0.02 });
    expect(parseNci('?\r')).toBeNull();
  });

  it('NCI: the status bytes alone on their line (NCI 7800/7821, Brecknell 3700LP manuals), as with an S before them', () => {
    // `W<CR>` answered `<LF>0002.40kg<CR><LF>hh<CR><ETX>`: the status line is the bytes, no S.
    expect(parseNci(`\n0002.40kg\r\n00\r${ETX}`)).toEqual({
      state: 'ok',
      stable: true,
      weight: 2.4,
      unit: 'kg',
      weight_kg: 2.4,
    });
    // Status byte 1, bit 0 (0x31 = '1'): in motion, whatever else the byte says (bit 1, at zero: '3').
    expect(parseNci(`\n0002.40kg\r\n10\r`)).toMatchObject({ state: 'unstable', stable: false, weight_kg: 2.4 });
    expect(parseNci(`\n0000.00kg\r\n30\r`)).toMatchObject({ state: 'unstable', stable: false });
    expect(parseNci(`\n0000.00kg\r\n20\r`)).toMatchObject({ state: 'ok', weight_kg: 0 });
    // A third status byte (range, gross/net) changes nothing of these.
    expect(parseNci(`\n0002.40kg\r\n104\r`)).toMatchObject({ state: 'unstable', weight_kg: 2.4 });
    expect(parseNci(`\n0002.40kg\r\nS104\r`)).toMatchObject({ state: 'unstable', weight_kg: 2.4 });
    // Status byte 2: bit 1 over capacity, bit 0 under capacity, as with the S.
    expect(parseNci(`\n^^^^^^^\r\n02\r`)).toMatchObject({ state: 'overload', weight_kg: null });
    expect(parseNci(`\n0000.00kg\r\n02\r`)).toMatchObject({ state: 'overload' });
    expect(parseNci(`\n_______\r\n01\r`)).toMatchObject({ state: 'under_zero', weight_kg: null });
    expect(parseNci(`\n0000.50kg\r\n01\r`)).toMatchObject({ state: 'under_zero' });
    // Framed from a stream as the scale sends it.
    const frames = createFramer('nci')(`\n0001.70kg\r\n10\r${ETX}\n0001.70kg\r\n00\r${ETX}`);
    expect(frames.map((f) => parseNci(f)?.state)).toEqual(['unstable', 'ok']);
  });

  it('Mettler Toledo MT-SICS: S S stable, S D dynamic, S + overload, S - underload, S I busy', () => {
    expect(parseMtSics('S S     1.234 kg')).toEqual({
      state: 'ok',
      stable: true,
      weight: 1.234,
      unit: 'kg',
      weight_kg: 1.234,
    });
    expect(parseMtSics('S D    850.0 g')).toMatchObject({ state: 'unstable', stable: false, weight_kg: 0.85 });
    expect(parseMtSics('S +')).toMatchObject({ state: 'overload' });
    expect(parseMtSics('S -')).toMatchObject({ state: 'under_zero' });
    expect(parseMtSics('S I')).toMatchObject({ state: 'unstable', weight_kg: null });
    expect(parseMtSics('ES')).toBeNull();
  });

  it('continuous output (CAS-style): ST stable, US unstable, OL overload, the unit in the frame', () => {
    expect(parseContinuous('ST,GS,+  1.234kg')).toEqual({
      state: 'ok',
      stable: true,
      weight: 1.234,
      unit: 'kg',
      weight_kg: 1.234,
    });
    expect(parseContinuous('US,GS,+  1.100kg')).toMatchObject({ state: 'unstable', weight_kg: 1.1 });
    expect(parseContinuous('ST,NT,+   250 g')).toMatchObject({ state: 'ok', weight_kg: 0.25 });
    expect(parseContinuous('OL,GS,+  ---.--kg')).toMatchObject({ state: 'overload' });
    expect(parseContinuous('ST,GS,-  0.015kg')).toMatchObject({ state: 'under_zero', weight_kg: -0.015 });
    expect(parseContinuous('garbage')).toBeNull();
  });

  it('frames a stream cut anywhere: by ETX for NCI, by line for the others', () => {
    const nci = createFramer('nci');
    expect(nci('\n   1.2')).toEqual([]);
    expect(nci(`50KG\r\nS00\r${ETX}\n   2.0`)).toEqual([`\n   1.250KG\r\nS00\r`]);
    const lines = createFramer('continuous');
    expect(lines('ST,GS,+  1.0kg\r\nST,GS')).toEqual(['ST,GS,+  1.0kg']);
    expect(lines(',+  1.1kg\r\n')).toEqual(['ST,GS,+  1.1kg']);
  });
});

/**
 * Scale Data reports as USB POS scales send them (report 3: status, unit, exponent, weight low, weight high), in the
 * cases a desk meets: Dymo M10/M25 in grams and in ounces (exponent -1), a Mettler Toledo PS60 in pounds (-2).
 */
const report = (...bytes: number[]) => Uint8Array.from(bytes);

describe('USB HID POS scale reports', () => {
  it('reads a stable weight in grams, ounces and pounds', () => {
    // Dymo M10, 1,250 g on it: 0x04E2.
    expect(parseHidReport(report(0x03, 0x04, 0x02, 0x00, 0xe2, 0x04))).toEqual({
      state: 'ok',
      stable: true,
      weight: 1250,
      unit: 'g',
      weight_kg: 1.25,
    });
    // Dymo M25 in ounces: 30.0 oz = 300 × 10^-1.
    expect(parseHidReport(report(0x03, 0x04, 0x0b, 0xff, 0x2c, 0x01))).toMatchObject({
      weight: 30,
      unit: 'oz',
      weight_kg: 0.85,
    });
    // Mettler Toledo PS60 in pounds: 2.35 lb = 235 × 10^-2.
    expect(parseHidReport(report(0x03, 0x04, 0x0c, 0xfe, 0xeb, 0x00))).toMatchObject({
      weight: 2.35,
      unit: 'lb',
      weight_kg: 1.066,
    });
  });

  it('says zero, motion, under zero, overload and faults as such', () => {
    expect(parseHidReport(report(0x03, 0x02, 0x02, 0x00, 0x00, 0x00))).toMatchObject({ state: 'ok', weight_kg: 0 });
    expect(parseHidReport(report(0x03, 0x03, 0x02, 0x00, 0x10, 0x02))).toMatchObject({
      state: 'unstable',
      stable: false,
      weight_kg: 0.528,
    });
    expect(parseHidReport(report(0x03, 0x05, 0x02, 0x00, 0x05, 0x00))).toMatchObject({
      state: 'under_zero',
      weight_kg: -0.005,
    });
    expect(parseHidReport(report(0x03, 0x06, 0x02, 0x00, 0x00, 0x00))).toMatchObject({ state: 'overload' });
    expect(parseHidReport(report(0x03, 0x08, 0x02, 0x00, 0x00, 0x00))).toEqual({
      fault: 'the scale needs re-zeroing',
    });
  });

  it('reads a report recorded from a real scale', () => {
    // A Dymo M10 read with PyUSB, empty and switched to ounces, as its owner printed it: array('B', [3, 2, 11, 255, 0, 0])
    // (Steven T. Snyder, "Reading a Dymo USB scale using Python", steventsnyder.com/?p=199).
    expect(parseHidReport(report(3, 2, 11, 255, 0, 0))).toEqual({
      state: 'ok',
      stable: true,
      weight: 0,
      unit: 'oz',
      weight_kg: 0,
    });
  });

  it('ignores other reports and short ones', () => {
    expect(parseHidReport(report(0x04, 0x01, 0x00, 0x00, 0x00, 0x00))).toBeNull();
    expect(parseHidReport(report(0x03, 0x04, 0x02))).toBeNull();
  });
});
