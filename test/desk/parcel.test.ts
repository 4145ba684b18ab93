import { describe, expect, it } from 'vitest';
import { decimal, parcelNumbers, parcelText, presetParcel } from '../../renderer/src/parcel/parcel.js';

describe('a parcel as the desk reads it (Pack, packages and presets alike)', () => {
  it('reads a decimal comma or point; blank is absent, so the service says the field is required', () => {
    expect(decimal('1,5')).toBe(1.5);
    expect(decimal(' 2.25 ')).toBe(2.25);
    expect(decimal('  ')).toBeUndefined();
    expect(decimal('abc')).toBeNaN();
    expect(parcelNumbers({ length: '30', width: '20,5', height: '', weight: '1,2' })).toEqual({
      length: 30,
      width: 20.5,
      height: undefined,
      weight: 1.2,
    });
  });

  it("a preset fills the box's size, and the weight only when it has one (a weight of 0 too)", () => {
    expect(presetParcel({ length: 30, width: 20, height: 10 }, 'en')).toEqual({
      length: '30',
      width: '20',
      height: '10',
    });
    expect(presetParcel({ length: 30, width: 20, height: 10, weight: 0 }, 'en')).toEqual({
      length: '30',
      width: '20',
      height: '10',
      weight: '0',
    });
    expect(presetParcel({ length: 30, width: 20.5, height: 10, weight: 1.25 }, 'es')).toMatchObject({
      width: '20,5',
      weight: '1,25',
    });
  });

  it('writes a number into a field as the operator types it in their language, and reads it back the same', () => {
    expect(parcelText(1.25, 'es')).toBe('1,25');
    expect(parcelText(1.25, 'en')).toBe('1.25');
    // Never grouped: 1.250,5 would read back as no number.
    expect(parcelText(1250.5, 'es')).toBe('1250,5');
    expect(decimal(parcelText(0.125, 'es'))).toBe(0.125);
  });
});
