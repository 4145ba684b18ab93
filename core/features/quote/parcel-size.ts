import { validationError, type FieldError } from '../../shared/errors.js';
import type { RateCard } from './ratecard.js';
import { SIZES, type Size } from './ratecard-schema.js';

export interface Parcel {
  length: number;
  width: number;
  height: number;
  weight: number;
}

const fits = (l: RateCard['file']['sizes'][Size], p: Parcel) =>
  Math.max(p.length, p.width, p.height) <= l.max_side_cm &&
  p.length + p.width + p.height <= l.max_sum_cm &&
  p.weight <= l.max_weight_kg;

/**
 * The card's smallest size whose limits the parcel keeps (longest side, sum of the sides, weight). A parcel
 * beyond the largest size is a 400 naming each field that breaks it, so that a desk can say so beside the field.
 */
export function sizeOfParcel(card: RateCard, p: Parcel): Size {
  const size = SIZES.find((s) => fits(card.file.sizes[s], p));
  if (size) return size;
  const largest = SIZES[SIZES.length - 1]!;
  const max = card.file.sizes[largest];
  const errors: FieldError[] = [];
  if (p.weight > max.max_weight_kg)
    errors.push({
      path: '/weight',
      message: `${p.weight} kg is over the largest size (${max.max_weight_kg} kg)`,
      code: 'over_size',
      params: { measure: 'weight', value: p.weight, limit: max.max_weight_kg, unit: 'kg' },
    });
  // Every side is named: one that is too long says so, the others when the three together are too much.
  const sum = +(p.length + p.width + p.height).toFixed(3);
  for (const side of ['length', 'width', 'height'] as const) {
    if (p[side] > max.max_side_cm)
      errors.push({
        path: `/${side}`,
        message: `${p[side]} cm is over the largest size's longest side (${max.max_side_cm} cm)`,
        code: 'over_size',
        params: { measure: 'side', value: p[side], limit: max.max_side_cm, unit: 'cm' },
      });
    else if (sum > max.max_sum_cm)
      errors.push({
        path: `/${side}`,
        message: `length + width + height = ${sum} cm is over the largest size (${max.max_sum_cm} cm)`,
        code: 'over_size',
        params: { measure: 'sum', value: sum, limit: max.max_sum_cm, unit: 'cm' },
      });
  }
  throw validationError(errors);
}
