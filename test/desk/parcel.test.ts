import { describe, expect, it } from 'vitest';
import { decimal, parcelNumbers, presetParcel } from '../../renderer/src/parcel/parcel.js';

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
    expect(presetParcel({ length: 30, width: 20, height: 10 })).toEqual({ length: '30', width: '20', height: '10' });
    expect(presetParcel({ length: 30, width: 20, height: 10, weight: 0 })).toEqual({
      length: '30',
      width: '20',
      height: '10',
      weight: '0',
    });
  });
});
