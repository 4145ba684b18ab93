import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuoteOption } from '../../api/types';
import { formatMoney } from '../../i18n/numbers';

/** A quoted method's price in its currency, as the desk's language writes money. */
export const money = (o: QuoteOption, lang: string) => formatMoney(o.rate, o.currency, lang);

/** The quoted methods, each with price and delivery promise; while focus is in the group, 1–9 pick the n-th. */
export function QuotePicker({
  options,
  value,
  onChange,
  error,
}: {
  options: QuoteOption[];
  value: string | null;
  onChange: (method: string) => void;
  error?: string;
}) {
  const { t, i18n } = useTranslation();
  const day = new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short' });

  function pick(e: KeyboardEvent<HTMLDivElement>) {
    if (!/^[1-9]$/.test(e.key) || e.ctrlKey || e.altKey || e.metaKey) return;
    const option = options[Number(e.key) - 1];
    if (!option) return;
    e.preventDefault();
    onChange(option.method);
    e.currentTarget.querySelector<HTMLInputElement>(`input[value="${option.method}"]`)?.focus();
  }

  return (
    <div role="radiogroup" aria-label={t('pack.method')} aria-invalid={!!error} className="quotes" onKeyDown={pick}>
      {options.map((o, i) => {
        const promise =
          o.min_date.slice(0, 10) === o.max_date.slice(0, 10)
            ? day.format(new Date(o.max_date))
            : `${day.format(new Date(o.min_date))} – ${day.format(new Date(o.max_date))}`;
        return (
          <label key={o.method} className={value === o.method ? 'quote chosen' : 'quote'}>
            <input
              type="radio"
              name="method"
              value={o.method}
              checked={value === o.method}
              onChange={() => onChange(o.method)}
            />
            <kbd>{i + 1}</kbd>
            {/* The method's one name in the desk's language, as lists and labels say it (the rate card's names are
                its own language's). */}
            <span className="quote-name">{t(`codes.method.${o.method}`)}</span>
            <span className="quote-rate">{money(o, i18n.language)}</span>
            <span className="quote-promise">{promise}</span>
          </label>
        );
      })}
      {error && <span className="error">{error}</span>}
    </div>
  );
}
