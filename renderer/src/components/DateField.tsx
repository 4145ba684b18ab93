import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayToIso, isoToDay } from '../i18n/dates';

/**
 * A day typed as dd/mm/yyyy whatever the browser's locale (its own date input would show mm/dd/yyyy in an English
 * Chromium). The value is the API's YYYY-MM-DD; it is applied on Enter or when the field is left.
 */
export function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (iso: string) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? isoToDay(value);
  const iso = typed === null ? value : typed.trim() === '' ? '' : dayToIso(typed);
  const apply = () => {
    if (iso === null) return;
    setTyped(null);
    if (iso !== value) onChange(iso);
  };
  return (
    <label className={iso === null ? 'field invalid' : 'field'}>
      <span>{label}</span>
      <input
        value={text}
        placeholder={t('dates.format')}
        inputMode="numeric"
        aria-invalid={iso === null}
        onChange={(e) => setTyped(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          }
        }}
      />
      {iso === null && <span className="error">{t('dates.invalid')}</span>}
    </label>
  );
}
