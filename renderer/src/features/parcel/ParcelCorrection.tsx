import { useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '../../api/types';
import { Field } from '../../components/Field';
import { BoxKeyField } from './BoxKeyField';
import { ScaleWeight } from '../scale/ScaleWeight';
import { usePresets } from '../settings/queries';
import type { ParcelPatch } from './mutations';
import { decimal, parcelText, presetParcel } from '../../parcel/parcel';

const SIDES = ['weight', 'length', 'width', 'height'] as const;
type Side = (typeof SIDES)[number];

/** A box key pressed in Pack's scan field: `box` fills the parcel (the box's name; null when no box has the key), `unbox` takes the last one back. */
export interface BoxKeys {
  box: (key: string) => string | null;
  unbox: () => void;
}

/**
 * The parcel of a shipment that has no label yet (an imported order): its box and weight as they will print, to
 * correct before printing. A preset's key fills the box, the scale fills the weight; `onChange` tells Pack what
 * to save before it prints (null: nothing changed), Enter here prints like Enter in the scan field.
 */
export function ParcelCorrection({
  shipment,
  errors,
  onChange,
  onPrint,
  onDone,
  boxKeys,
}: {
  boxKeys?: Ref<BoxKeys>;
  shipment: Shipment;
  errors: Record<string, string>;
  onChange: (patch: ParcelPatch | null) => void;
  /** Print, saving this first (the parcel as typed at this moment). */
  onPrint: (patch: ParcelPatch | null) => void;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation();
  const presets = usePresets();
  const initial = shipment.dimensions;
  const [sides, setSides] = useState<Record<Side, string>>(
    () =>
      Object.fromEntries(
        SIDES.map((k) => [k, initial[k] === null ? '' : parcelText(initial[k], i18n.language)]),
      ) as Record<Side, string>,
  );

  /** What differs from the shipment, as the PATCH that saves it (null: nothing). */
  const patchOf = (typed: Record<Side, string>): ParcelPatch | null => {
    const dimensions: Partial<Record<Side, number>> = {};
    for (const k of SIDES) {
      const v = decimal(typed[k]);
      // A weight still unknown (an order imported without one) and left blank is no change.
      if (v !== initial[k] && !(v === undefined && initial[k] === null)) dimensions[k] = v;
    }
    return Object.keys(dimensions).length ? { dimensions } : null;
  };
  // Pack hears of each change in the same event as the change itself: an Enter right after a keystroke prints
  // what was typed, not the parcel of a render before it.
  const change = (next: Record<Side, string>) => {
    setSides(next);
    onChange(patchOf(next));
  };
  const set = (k: Side) => (e: { target: { value: string } }) => change({ ...sides, [k]: e.target.value });

  function applyPreset(key: string) {
    const p = presets.data?.find((x) => x.key === key.toLowerCase());
    if (!p) return null;
    change({ ...sides, ...presetParcel(p, i18n.language) });
    return p.name;
  }

  const beforeBox = useRef<Record<Side, string> | null>(null);
  useImperativeHandle(boxKeys, () => ({
    // Exact: a preset's key is lower case, and an upper-case letter typed in the scan field is a code's.
    box: (key) => {
      if (!presets.data?.some((p) => p.key === key)) return null;
      beforeBox.current = sides;
      return applyPreset(key);
    },
    unbox: () => {
      if (beforeBox.current) change(beforeBox.current);
      beforeBox.current = null;
    },
  }));

  function keys(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key === 'Escape') {
      e.preventDefault();
      onDone();
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      // Enter prints, as it does in the scan field: the corrections are saved first.
      e.preventDefault();
      onPrint(patchOf(sides));
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    onPrint(patchOf(sides));
  }

  return (
    <form className="parcel-correction" aria-label={t('parcel.title')} onSubmit={submit} onKeyDown={keys} noValidate>
      <h3>{t('parcel.title')}</h3>
      <div className="parcel-row">
        <BoxKeyField presets={presets.data} onKey={applyPreset} />
        <div className="weight-with-scale">
          <Field
            label={t('pack.weight')}
            path="/dimensions/weight"
            errors={errors}
            value={sides.weight}
            onChange={set('weight')}
            inputMode="decimal"
          />
          <ScaleWeight
            value={sides.weight}
            provisional={initial.weight ?? undefined}
            onWeight={(kg) => change({ ...sides, weight: parcelText(kg, i18n.language) })}
          />
        </div>
        {(['length', 'width', 'height'] as const).map((k) => (
          <Field
            key={k}
            label={t(`pack.${k}`)}
            path={`/dimensions/${k}`}
            errors={errors}
            value={sides[k]}
            onChange={set(k)}
            inputMode="decimal"
          />
        ))}
      </div>
      <p className="hint">{t('parcel.hint')}</p>
    </form>
  );
}
