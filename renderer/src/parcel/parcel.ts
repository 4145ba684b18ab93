/**
 * A parcel as an operator types it (Pack, a package, a preset), and how the typing becomes the API's numbers: the
 * one reading of a decimal comma and the one rule of what a preset fills in.
 */
export const PARCEL = ['length', 'width', 'height', 'weight'] as const;
export type ParcelText = Record<(typeof PARCEL)[number], string>;

/** "1,5" is how an Argentine operator types 1.5. Blank is absent, so the service says it is required. */
export const decimal = (text: string): number | undefined =>
  text.trim() === '' ? undefined : Number(text.trim().replace(',', '.'));

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
export const presetParcel = (p: PresetSize): Partial<ParcelText> => ({
  length: String(p.length),
  width: String(p.width),
  height: String(p.height),
  ...(p.weight !== undefined ? { weight: String(p.weight) } : {}),
});
