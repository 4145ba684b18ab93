import { useState, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { phone } from '@shared/schemas/places';
import { Field } from './Field';

/** A typed phone as the service takes it (E.164), read as an import reads it; as typed when it is no phone. */
export const e164 = (typed: string, country: string): string => {
  const read = phone(typed, country);
  return read === null ? '' : (read ?? typed.trim());
};

/**
 * A phone field that takes numbers as people write them in the country of the address ("0351 15-555-0199",
 * "011 4777-1234"): while typing, the hint says what will be saved; on leaving the field the number becomes that,
 * or the field says it is no phone (before any submit).
 */
export function PhoneField({
  label,
  path,
  errors,
  value,
  country,
  onValue,
  ...input
}: {
  label: string;
  path: string;
  errors: Record<string, string>;
  value: string;
  country: string;
  onValue: (v: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>) {
  const { t } = useTranslation();
  const [refused, setRefused] = useState(false);
  const read = value.trim() ? phone(value, country) : null;
  const hint = read ? (read === value ? undefined : t('pack.phoneSavedAs', { phone: read })) : t('pack.phoneHint');
  return (
    <Field
      label={label}
      path={path}
      errors={refused && read === undefined ? { ...errors, [path]: t('pack.phoneInvalid') } : errors}
      value={value}
      onChange={(e) => {
        setRefused(false);
        onValue(e.target.value);
      }}
      onBlur={() => {
        if (read === undefined) setRefused(true);
        else if (read !== null && read !== value) onValue(read);
      }}
      inputMode="tel"
      hint={hint}
      {...input}
    />
  );
}
