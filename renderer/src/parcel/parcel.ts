import { formatNumber } from '../i18n/numbers.js';

/**
 * A parcel as an operator types it (Pack, a package, a preset), and how the typing becomes the API's numbers: the
 * one reading of a decimal comma and the one rule of what a preset fills in.
 */
export const PARCEL = ['length', 'width', 'height', 'weight'] as const;
export type ParcelText = Record<(typeof PARCEL)[number], string>;

export const emptyParcel = (): ParcelText => ({ length: '', width: '', height: '', weight: '' });

/** "1,5" is how an Argentine operator types 1.5. Blank is absent, so the service says it is required. */
export const decimal = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

/**
 * A number put into a parcel field for the operator (by the scale, a preset, the shipment as it is), written as they
 * would type it in their language: 1,25 in Spanish. Never grouped: `decimal` reads it back.
 */
export const parcelText = (n: number, lang: string): string =>
  formatNumber(n, lang, { maximumFractionDigits: 3, useGrouping: false });

/**
 * The parcel's numbers for a request body. A blank or wrong field goes as typed (absent, or not a number): the form
 * is a draft, and the service names each wrong field, shown beside it.
 */
export const parcelNumbers = (p: ParcelText): Record<(typeof PARCEL)[number], number> =>
  Object.fromEntries(PARCEL.map((k) => [k, decimal(p[k])])) as Record<(typeof PARCEL)[number], number>;

/** A saved box: its size in cm, and the weight every parcel packed in it has, when the preset says one. */
export interface PresetSize {
  length: number;
  width: number;
  height: number;
  weight?: number;
}

/** What choosing a preset types into the parcel: its size, and its weight only when it has one. */
export const presetParcel = (p: PresetSize, lang: string): Partial<ParcelText> => ({
  length: parcelText(p.length, lang),
  width: parcelText(p.width, lang),
  height: parcelText(p.height, lang),
  ...(p.weight !== undefined ? { weight: parcelText(p.weight, lang) } : {}),
});
