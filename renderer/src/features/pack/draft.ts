import type { OpInput } from '../../api/client';
import type { Shipment } from '../../api/types';
import { addressText, emptyAddress, type AddressText } from '../../components/address';
import { decimal, emptyParcel, PARCEL, parcelNumbers, type ParcelText } from '../../parcel/parcel';
import type { QuoteParams } from './queries';

/** The new-shipment form as typed: text, turned into the API's draft only when sent. */
export type Draft = AddressText & ParcelText & { content: string };

export const emptyDraft = (): Draft => ({ ...emptyAddress(), ...emptyParcel(), content: '' });

/** A party and a parcel already known (the return of a shipment: its sender is the receiver now). */
export function draftOf(receiver: Shipment['origin'], parcel: Pick<Shipment, 'dimensions' | 'content'>): Draft {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    ...addressText(receiver),
    weight: text(parcel.dimensions.weight),
    length: text(parcel.dimensions.length),
    width: text(parcel.dimensions.width),
    height: text(parcel.dimensions.height),
    content: parcel.content ?? '',
  };
}

const optional = (v: string) => (v.trim() ? v.trim() : undefined);

/** Quote as soon as the postal code and the whole parcel are known; the size follows from the parcel. */
export function quoteParams(d: Draft): QuoteParams | null {
  const zip = d.zip.trim();
  const parcel = PARCEL.map((k) => decimal(d[k]));
  if (!zip || parcel.some((n) => n === undefined || !Number.isFinite(n) || n <= 0)) return null;
  const [length, width, height, weight] = parcel as number[];
  return { zip, length: length!, width: width!, height: height!, weight: weight! };
}

/** Where the quote's field errors go in the form: the quote names the parcel by its own query fields. */
export const QUOTE_FIELD: Record<string, string> = {
  '/zip': '/destination/address/zip',
  '/weight': '/dimensions/weight',
  '/length': '/dimensions/length',
  '/width': '/dimensions/width',
  '/height': '/dimensions/height',
};

type Body = OpInput<'shipments.create'>['body'];

export function toBody(
  ref: string,
  d: Draft,
  method: string | null,
  origin: Pick<Body['origin'], 'contact' | 'address'>,
  type: 'DELIVERY' | 'RETURN' = 'DELIVERY',
): Body {
  // The form is a draft: the service validates it and names each wrong field, shown beside that field.
  return {
    ref,
    type,
    ...(method ? { method } : {}),
    ...(optional(d.content) ? { content: optional(d.content) } : {}),
    origin: { contact: origin.contact, address: origin.address },
    destination: {
      contact: { name: d.name, phone: optional(d.phone), email: optional(d.email) },
      address: { street: d.street, city: d.city, state: d.state, zip: d.zip, country: d.country },
    },
    dimensions: parcelNumbers(d),
  } as Body;
}
