import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '../../api/types';
import type { Office } from '../offices/OfficePicker';
import { OFFICE_PATH, PickupOffice } from '../offices/PickupOffice';
import { useQuote } from './queries';
import { QuotePicker } from './QuotePicker';

export interface MethodPatch {
  method: Shipment['method'];
  office?: number | null;
}

/**
 * The method and office of a shipment without a label (an imported order), to change before printing as the
 * new-shipment form chooses them: the quoted methods (1–9 pick), PICKUP with its office picker. `onChange` tells Pack
 * what to save with the parcel (null: nothing changed); a PICKUP shipment keeps its office's address, which the
 * service does not give back to a home delivery.
 */
export function MethodCorrection({
  shipment: s,
  weight,
  errors,
  onChange,
}: {
  shipment: Shipment;
  /** The parcel's weight as Pack has it now (typed or weighed), for the quote; null while unknown. */
  weight: number | null;
  errors: Record<string, string>;
  onChange: (patch: MethodPatch | null) => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState(s.method);
  const [office, setOffice] = useState<Office | null>(null);
  const [choosing, setChoosing] = useState(false);
  const d = s.dimensions;
  const quote = useQuote(
    weight === null || s.method === 'PICKUP'
      ? null
      : { zip: s.destination.address.zip, length: d.length, width: d.width, height: d.height, weight },
  );
  const options = quote.data;

  function tell(method: string, chosen: Office | null) {
    if (method === s.method && !chosen) return onChange(null);
    onChange({ method: method as Shipment['method'], ...(method === 'PICKUP' ? { office: chosen?.id ?? null } : {}) });
  }

  if (s.method === 'PICKUP')
    return (
      <p>
        {t('pack.method')}: <strong>{t('codes.method.PICKUP')}</strong> — {s.destination.address.street},{' '}
        {s.destination.address.zip} {s.destination.address.city}
      </p>
    );
  return (
    <div className="method-correction">
      {options && options.length > 0 ? (
        <QuotePicker
          options={options}
          value={picked}
          onChange={(m) => {
            setPicked(m as Shipment['method']);
            tell(m, office);
            if (m === 'PICKUP' && !office) setChoosing(true);
          }}
          error={errors['/method']}
        />
      ) : (
        <p>
          {t('pack.method')}: <strong>{t(`codes.method.${s.method}`)}</strong>
          {weight === null && <span className="hint"> {t('pack.methodAfterWeight')}</span>}
        </p>
      )}
      <PickupOffice
        method={picked}
        zip={s.destination.address.zip}
        office={office}
        error={errors[OFFICE_PATH]}
        onChange={(o) => {
          setOffice(o);
          tell(picked, o);
        }}
        choosing={choosing}
        onChoosing={setChoosing}
      />
    </div>
  );
}
