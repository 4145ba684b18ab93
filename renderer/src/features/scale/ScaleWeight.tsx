import { useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpOutput } from '@shared/client/index';
import { useScaleReading } from './queries';
import { decimal } from '../../parcel/parcel';
import { formatKg } from '../../i18n/numbers';

type Reading = OpOutput<'scale.read'>;

/** The key that takes the scale's weight into the form, whatever field has the focus. */
export const TAKE_WEIGHT_KEY = 'F9';

/** The reading in the operator's words: "1.25 kg", "Moving… 0.8 kg" ("1,25 kg" in Spanish), "Scale disconnected: …". */
export function describeReading(
  r: Reading,
  t: (k: string, o?: Record<string, unknown>) => string,
  lang: string,
): string {
  const kg = r.weight_kg === null ? '' : t('scale.kg', { value: formatKg(r.weight_kg, lang) });
  switch (r.state) {
    case 'ok':
      return t('scale.stable', { weight: kg });
    case 'unstable':
      return kg ? t('scale.unstable', { weight: kg }) : t('scale.unstableNoWeight');
    case 'overload':
      return t('scale.overload');
    case 'under_zero':
      return t('scale.underZero');
    default:
      return t('scale.disconnected', { reason: r.reason ?? '' });
  }
}

/**
 * The live weight beside a Weight field. A stable reading fills the field, unless the operator typed another weight
 * since (their number wins); F9 (or the button) takes the scale's weight at any moment. Unstable, overload, under
 * zero and disconnected are said in words; nothing here ever blocks typing a weight by hand.
 */
export function ScaleWeight({
  value,
  provisional,
  onWeight,
}: {
  value: string;
  /** A weight the field holds that no one typed (an imported order's): the scale's replaces it. */
  provisional?: number;
  onWeight: (kg: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const reading = useScaleReading().data;
  const filled = useRef<number | null>(null);

  const take = useCallback(
    (r: Reading | undefined) => {
      if (!r || r.weight_kg === null || r.weight_kg <= 0 || (r.state !== 'ok' && r.state !== 'unstable')) return;
      filled.current = r.weight_kg;
      onWeight(r.weight_kg);
    },
    [onWeight],
  );

  // A new stable weight fills the field when the field is empty or still holds what the scale put there.
  useEffect(() => {
    if (!reading || reading.state !== 'ok' || reading.weight_kg === null || reading.weight_kg <= 0) return;
    if (reading.weight_kg === filled.current) return;
    const typed = decimal(value);
    if (typed !== undefined && typed !== filled.current && typed !== provisional) return;
    take(reading);
  }, [reading, value, provisional, take]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== TAKE_WEIGHT_KEY) return;
      e.preventDefault();
      take(reading);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [reading, take]);

  if (!reading || reading.device === null) return null;
  const tone = reading.state === 'ok' ? 'ok' : reading.state === 'disconnected' ? 'bad' : 'warn';
  return (
    <div className={`scale-weight tone-${tone}`} aria-label={t('scale.live')} role="group">
      <span className="scale-reading" data-state={reading.state}>
        {describeReading(reading, t as never, i18n.language)}
      </span>
      {reading.weight_kg !== null && reading.weight_kg > 0 && reading.state !== 'disconnected' && (
        <button type="button" className="btn btn-plain" onClick={() => take(reading)}>
          {t('scale.take')} <kbd>{TAKE_WEIGHT_KEY}</kbd>
        </button>
      )}
    </div>
  );
}
