import { useImperativeHandle, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '../../api/types';
import { BoxKeyField } from './BoxKeyField';
import { ParcelFields, type ParcelSide } from '../../parcel/ParcelFields';
import { usePresets } from '../settings/queries';
import type { ParcelPatch } from './mutations';
import { decimal, PARCEL, parcelText, presetParcel, type ParcelText } from '../../parcel/parcel';

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
  const [sides, setSides] = useState<ParcelText>(
    () =>
      Object.fromEntries(
        PARCEL.map((k) => [k, initial[k] === null ? '' : parcelText(initial[k], i18n.language)]),
      ) as ParcelText,
  );

  /** What differs from the shipment, as the PATCH that saves it (null: nothing). */
  const patchOf = (typed: ParcelText): ParcelPatch | null => {
    const dimensions: Partial<Record<ParcelSide, number>> = {};
    for (const k of PARCEL) {
      const v = decimal(typed[k]);
      // A weight still unknown (an order imported without one) and left blank is no change.
      if (v !== initial[k] && !(v === undefined && initial[k] === null)) dimensions[k] = v;
    }
    return Object.keys(dimensions).length ? { dimensions } : null;
  };
  // Pack hears of each change in the same event as the change itself: an Enter right after a keystroke prints
  // what was typed, not the parcel of a render before it.
  const change = (next: ParcelText) => {
    setSides(next);
    onChange(patchOf(next));
  };

  function applyPreset(key: string) {
    const p = presets.data?.find((x) => x.key === key.toLowerCase());
    if (!p) return null;
    change({ ...sides, ...presetParcel(p, i18n.language) });
    return p.name;
  }

  const beforeBox = useRef<ParcelText | null>(null);
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
        <ParcelFields
          value={sides}
          onChange={(k, text) => change({ ...sides, [k]: text })}
          errors={errors}
          onScale={(weight) => change({ ...sides, weight })}
          provisional={initial.weight ?? undefined}
        />
      </div>
      <p className="hint">{t('parcel.hint')}</p>
    </form>
  );
}
