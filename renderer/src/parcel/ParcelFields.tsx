import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../components/Field';
import { parcelText, type ParcelText } from './parcel';
import { ScaleWeight } from '../features/scale/ScaleWeight';

export type ParcelSide = keyof ParcelText;
const SIZES = ['length', 'width', 'height'] as const;

/**
 * A parcel's weight and sides as the operator types them, the one place they are drawn: Pack's new shipment, a
 * parcel's correction before printing, a package and a box preset. Each side is a decimal field under the pointer
 * the service names it by (`at` + `/weight`), its message beside it. With `onScale` the live weight stands under the
 * Weight field and fills it (F9 takes it at any moment).
 */
export function ParcelFields({
  value,
  onChange,
  errors,
  at = '/dimensions',
  onScale,
  provisional,
  weightLabel,
  weightHint,
  weightLast = false,
  sizesClass,
}: {
  value: ParcelText;
  /** The operator typed into a side. */
  onChange: (side: ParcelSide, text: string) => void;
  errors: Record<string, string>;
  /** The pointer of the parcel in the request body: `/dimensions` for a shipment or package, `` for a preset. */
  at?: string;
  /** The scale's weight, written as the operator would type it. Without it no scale is shown. */
  onScale?: (text: string) => void;
  /** A weight the field holds that no one typed (an imported order's): the scale's replaces it. */
  provisional?: number | undefined;
  weightLabel?: string;
  weightHint?: ReactNode;
  /** A preset's weight is optional and comes after its size. */
  weightLast?: boolean;
  /** Where the three sides share a row of their own (Pack's new shipment: `triple`). */
  sizesClass?: string;
}) {
  const { t, i18n } = useTranslation();
  const field = (side: ParcelSide, label: string, hint?: ReactNode) => (
    <Field
      key={side}
      label={label}
      path={`${at}/${side}`}
      errors={errors}
      value={value[side]}
      onChange={(e) => onChange(side, e.target.value)}
      inputMode="decimal"
      hint={hint}
    />
  );
  const weight = (
    <>
      {field('weight', weightLabel ?? t('pack.weight'), weightHint)}
      {onScale && (
        <ScaleWeight
          value={value.weight}
          provisional={provisional}
          onWeight={(kg) => onScale(parcelText(kg, i18n.language))}
        />
      )}
    </>
  );
  const sides = SIZES.map((side) => field(side, t(`pack.${side}`)));
  return (
    <>
      {!weightLast && weight}
      {sizesClass ? <div className={sizesClass}>{sides}</div> : sides}
      {weightLast && weight}
    </>
  );
}
