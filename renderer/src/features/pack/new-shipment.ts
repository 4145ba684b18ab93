import type { ParcelText } from '../../parcel/parcel';
import type { Office } from '../offices/OfficePicker';
import type { Draft } from './draft';

/**
 * Pack's new-shipment form as data: the draft as typed and what the operator chose around it (a method, an office,
 * a sender), the messages shown, and where the desk filled something in for them (a box's weight, the city of a
 * postal code). `newShipment` is the one place it changes; the form sends it what happened.
 */
export interface NewShipmentState {
  draft: Draft;
  /** The method the operator picked; null until they pick one. */
  picked: string | null;
  office: Office | null;
  choosingOffice: boolean;
  senderId: number | null;
  /** The service's (or the desk's) messages by pointer. */
  errors: Record<string, string>;
  message: string | null;
  /** The city and province the desk put in for this postal code. */
  suggested: { zip: string; city: string; state: string } | null;
  /** The weight a box's preset put in (said under the field until the operator types another). */
  presetWeight: { name: string; weight: number } | null;
}

export type NewShipmentAction =
  | { type: 'typed'; key: keyof Draft; text: string }
  | { type: 'weighed'; weight: string }
  | { type: 'boxed'; parcel: Partial<ParcelText>; presetWeight: NewShipmentState['presetWeight'] }
  | { type: 'placeFound'; zip: string; city: string; state: string }
  /** A method picked; PICKUP without an office opens the office picker. */
  | { type: 'methodPicked'; method: string; opensOffice: boolean }
  /** `path`: the office's pointer, whose refusal an office chosen answers. */
  | { type: 'officeChosen'; office: Office | null; path: string }
  | { type: 'choosingOffice'; choosing: boolean }
  | { type: 'senderChosen'; id: number }
  /** A create refused, by the desk or the service: the fields named (`errors`, when it names any) and the reason. */
  | { type: 'refused'; message: string | null; errors?: Record<string, string> };

export const newShipmentState = (draft: Draft): NewShipmentState => ({
  draft,
  picked: null,
  office: null,
  choosingOffice: false,
  senderId: null,
  errors: {},
  message: null,
  suggested: null,
  presetWeight: null,
});

const without = (errors: Record<string, string>, path: string) => {
  if (!(path in errors)) return errors;
  const { [path]: _, ...rest } = errors;
  return rest;
};
const PARCEL_SIDE = new Set<keyof Draft>(['weight', 'length', 'width', 'height']);

export function newShipment(s: NewShipmentState, a: NewShipmentAction): NewShipmentState {
  switch (a.type) {
    case 'typed':
      return {
        ...s,
        draft: { ...s.draft, [a.key]: a.text },
        // A parcel's side typed again is no longer the one refused; a weight typed is no longer the box's.
        errors: PARCEL_SIDE.has(a.key) ? without(s.errors, `/dimensions/${a.key}`) : s.errors,
        presetWeight: a.key === 'weight' ? null : s.presetWeight,
      };
    case 'weighed':
      return { ...s, draft: { ...s.draft, weight: a.weight } };
    case 'boxed':
      return { ...s, draft: { ...s.draft, ...a.parcel }, presetWeight: a.presetWeight };
    case 'placeFound': {
      // The operator may have typed another postal code while the directory answered: that one is not this place.
      const d = s.draft;
      if (d.zip.trim() !== a.zip) return s;
      return {
        ...s,
        draft: { ...d, city: d.city.trim() || a.city, state: d.state.trim() || a.state },
        suggested: { zip: a.zip, city: a.city, state: a.state },
      };
    }
    case 'methodPicked':
      return { ...s, picked: a.method, choosingOffice: a.opensOffice || s.choosingOffice };
    case 'officeChosen':
      return { ...s, office: a.office, errors: a.office ? without(s.errors, a.path) : s.errors };
    case 'choosingOffice':
      return { ...s, choosingOffice: a.choosing };
    case 'senderChosen':
      return { ...s, senderId: a.id };
    case 'refused':
      return { ...s, message: a.message, errors: a.errors ?? s.errors };
  }
}
