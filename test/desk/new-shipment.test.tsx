// A .tsx test: it imports the renderer, so it is typechecked with the page's settings (tsconfig.web.json).
import { describe, expect, it } from 'vitest';
import { emptyDraft } from '../../renderer/src/features/pack/draft';
import { newShipment, newShipmentState, type NewShipmentAction } from '../../renderer/src/features/pack/new-shipment';
import type { Office } from '../../renderer/src/features/offices/OfficePicker';

const run = (...actions: NewShipmentAction[]) => actions.reduce(newShipment, newShipmentState(emptyDraft()));

describe("Pack's new-shipment form", () => {
  it('a box fills the parcel and says its weight until the operator types another; a side typed again drops its refusal', () => {
    const boxed = run(
      { type: 'refused', message: 'Check the marked fields', errors: { '/dimensions/length': 'Required' } },
      {
        type: 'boxed',
        parcel: { length: '30', width: '20', height: '10', weight: '0.5' },
        presetWeight: { name: 'Caja chica', weight: 0.5 },
      },
    );
    expect(boxed.draft).toMatchObject({ length: '30', weight: '0.5' });
    expect(boxed.presetWeight).toEqual({ name: 'Caja chica', weight: 0.5 });
    // The scale's weight is not the operator's: the box's words stay.
    expect(newShipment(boxed, { type: 'weighed', weight: '0.75' })).toMatchObject({
      draft: { weight: '0.75' },
      presetWeight: { name: 'Caja chica' },
    });
    const typed = [
      { type: 'typed', key: 'weight', text: '0,8' },
      { type: 'typed', key: 'length', text: '31' },
    ] as const;
    expect(typed.reduce(newShipment, boxed)).toMatchObject({ presetWeight: null, errors: {} });
    // Any other field keeps the parcel's refusals.
    expect(newShipment(boxed, { type: 'typed', key: 'name', text: 'Ana' }).errors).toEqual({
      '/dimensions/length': 'Required',
    });
  });

  it("the postal code's place fills only what is empty, and only while the code typed is still that one", () => {
    const typed = run({ type: 'typed', key: 'zip', text: 'X5000' }, { type: 'typed', key: 'state', text: 'Cba' });
    expect(newShipment(typed, { type: 'placeFound', zip: 'X5000', city: 'Córdoba', state: 'Córdoba' })).toMatchObject({
      draft: { city: 'Córdoba', state: 'Cba' },
      suggested: { zip: 'X5000', city: 'Córdoba' },
    });
    const changed = newShipment(typed, { type: 'typed', key: 'zip', text: 'X5001' });
    expect(newShipment(changed, { type: 'placeFound', zip: 'X5000', city: 'Córdoba', state: 'Córdoba' })).toBe(changed);
  });

  it('PICKUP without an office opens the picker; the office chosen drops its refusal', () => {
    const picked = run({ type: 'methodPicked', method: 'PICKUP', opensOffice: true });
    expect(picked).toMatchObject({ picked: 'PICKUP', choosingOffice: true });
    const refused = newShipment(picked, {
      type: 'refused',
      message: 'Check the marked fields',
      errors: { '/office': 'Choose an office' },
    });
    const office = { id: 'CBA-1' } as unknown as Office;
    expect(newShipment(refused, { type: 'officeChosen', office, path: '/office' })).toMatchObject({
      office,
      errors: {},
    });
    expect(newShipment(refused, { type: 'officeChosen', office: null, path: '/office' }).errors).toEqual({
      '/office': 'Choose an office',
    });
  });

  it('a refusal without fields keeps the fields marked before and says its reason', () => {
    const s = run(
      { type: 'refused', message: 'Check the marked fields', errors: { '/destination/contact/name': 'Required' } },
      { type: 'refused', message: 'Quoting…' },
    );
    expect(s).toMatchObject({ message: 'Quoting…', errors: { '/destination/contact/name': 'Required' } });
  });
});
