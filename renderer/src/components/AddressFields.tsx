import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './Field';
import { PhoneField } from './PhoneField';
import type { AddressKey, AddressText } from './address';

/** The pieces of a party; `phone` and `email` only where the party is called or written to. */
const PIECES = [
  ['name', 'contact', 'pack.name'],
  ['phone', 'contact', 'pack.phone'],
  ['email', 'contact', 'pack.email'],
  ['street', 'address', 'pack.street'],
  ['zip', 'address', 'pack.zip'],
  ['country', 'address', 'pack.country'],
  ['city', 'address', 'pack.city'],
  ['state', 'address', 'pack.province'],
] as const;
/** Pack's receiver pairs its short fields two to a row, in this order. */
const PAIRS: AddressKey[][] = [['name'], ['phone', 'email'], ['street'], ['zip', 'country'], ['city', 'state']];

/**
 * A party's fields, the one place they are drawn: each under the pointer the service names it by (`at` +
 * `/contact/name`, `/address/zip`…), its message beside it; the phone as dialled in the party's country.
 */
export function AddressFields({
  value,
  onChange,
  errors,
  at,
  with: extra = [],
  paired = false,
  autoFocus = false,
  onLeave,
  hints = {},
}: {
  value: AddressText;
  onChange: (key: AddressKey, text: string) => void;
  errors: Record<string, string>;
  /** The party's pointer in the request body: `/destination`, `/origin`, or `` for a sender. */
  at: string;
  with?: ('phone' | 'email')[];
  /** Two short fields to a row (Pack's receiver); else each field is a cell of the form's own grid. */
  paired?: boolean;
  autoFocus?: boolean;
  /** The operator left a field (Pack suggests the city of a postal code; a sender's province is written out). */
  onLeave?: (key: AddressKey) => void;
  hints?: Partial<Record<AddressKey, ReactNode>>;
}) {
  const { t } = useTranslation();
  const shown = (k: AddressKey) => (k !== 'phone' && k !== 'email') || extra.includes(k);
  const field = (k: AddressKey) => {
    const [, part, label] = PIECES.find(([key]) => key === k)!;
    const path = `${at}/${part}/${k}`;
    if (k === 'phone')
      return (
        <PhoneField
          key={k}
          label={t(label)}
          path={path}
          errors={errors}
          value={value.phone}
          country={value.country}
          onValue={(v) => onChange(k, v)}
        />
      );
    return (
      <Field
        key={k}
        label={t(label)}
        path={path}
        errors={errors}
        hint={hints[k]}
        value={value[k]}
        onChange={(e) => onChange(k, e.target.value)}
        onBlur={onLeave && (() => onLeave(k))}
        type={k === 'email' ? 'email' : undefined}
        maxLength={k === 'country' ? 2 : undefined}
        autoFocus={k === 'name' && autoFocus}
        autoComplete={k === 'name' ? 'off' : undefined}
      />
    );
  };
  if (!paired)
    return (
      <>
        {PIECES.map(([k]) => k)
          .filter(shown)
          .map(field)}
      </>
    );
  return (
    <>
      {PAIRS.map((keys) => {
        const row = keys.filter(shown);
        if (row.length < 2) return <Fragment key={keys[0]}>{row.map(field)}</Fragment>;
        return (
          <div key={keys[0]} className="pair">
            {row.map(field)}
          </div>
        );
      })}
    </>
  );
}
