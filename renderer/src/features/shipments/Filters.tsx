import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../components/DateField';
import { PLATFORMS, STATUSES, SUB_STATUSES } from './codes';
import type { SearchFilter } from './queries';

const SHORTCUTS = ['', 'PENDING', 'ACTIVE'] as const;
/** Whose contact and address the words look at (ref and code always): the receiver's unless asked. */
const PARTIES = ['RECEIVER', 'SENDER', 'ANY'] as const;
type Party = (typeof PARTIES)[number];
const DATE_TYPES = ['CREATED', 'UPDATED', 'LABELLED'] as const;

/**
 * Every filter the search API has. The words are applied on submit (a scanner types fast); the choices at once.
 * Empty choices are left out of the query, so the service's defaults apply.
 */
export function Filters({
  value,
  onChange,
  searchRef,
}: {
  value: SearchFilter;
  onChange: (f: SearchFilter) => void;
  searchRef?: React.Ref<HTMLInputElement>;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState(value.q ?? '');
  const [party, setParty] = useState<Party>(value.party ?? 'RECEIVER');
  const set = <K extends keyof SearchFilter>(key: K, v: SearchFilter[K] | '') => {
    const next = { ...value };
    if (v === '' || v === undefined) delete next[key];
    else next[key] = v;
    onChange(next);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search(q, party);
  };
  /** The words and whose side they look at go together: `party` means nothing without `q`. */
  const search = (words: string, side: Party) => {
    const { q: _q, party: _p, ...rest } = value;
    onChange(words.trim() ? { ...rest, q: words.trim(), party: side } : rest);
  };

  return (
    <div className="filters">
      <form className="search" role="search" onSubmit={submit}>
        <input
          ref={searchRef}
          aria-label={t('shipments.search')}
          placeholder={t('shipments.searchHint')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        <select
          aria-label={t('shipments.party')}
          value={party}
          onChange={(e) => {
            setParty(e.target.value as Party);
            if (value.q) search(q, e.target.value as Party);
          }}
        >
          {PARTIES.map((p) => (
            <option key={p} value={p}>
              {t(`shipments.parties.${p}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="btn">
          {t('shipments.searchButton')}
        </button>
      </form>
      <div className="tabs" role="tablist" aria-label={t('shipments.shortcuts')}>
        {SHORTCUTS.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={(value.shortcut ?? '') === s}
            onClick={() => set('shortcut', s)}
          >
            {t(`shipments.shortcut.${s || 'ALL'}`)}
          </button>
        ))}
      </div>
      <div className="filter-grid">
        <Choice
          label={t('shipments.filter.status')}
          value={value.status ?? ''}
          onChange={(v) => set('status', v as SearchFilter['status'])}
        >
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`codes.status.${s}`)}
            </option>
          ))}
        </Choice>
        <Choice
          label={t('shipments.filter.subStatus')}
          value={value.substatus ?? ''}
          onChange={(v) => set('substatus', v as SearchFilter['substatus'])}
        >
          {SUB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`codes.subStatus.${s}`)}
            </option>
          ))}
        </Choice>
        <Choice
          label={t('shipments.filter.platform')}
          value={value.platform ?? ''}
          onChange={(v) => set('platform', v as SearchFilter['platform'])}
        >
          {PLATFORMS.map((s) => (
            <option key={s} value={s}>
              {t(`codes.platform.${s}`)}
            </option>
          ))}
        </Choice>
        <label className="field">
          <span>{t('shipments.filter.dateType')}</span>
          <select
            value={value.date_type ?? 'CREATED'}
            onChange={(e) =>
              set('date_type', e.target.value === 'CREATED' ? '' : (e.target.value as SearchFilter['date_type']))
            }
          >
            {DATE_TYPES.map((d) => (
              <option key={d} value={d}>
                {t(`shipments.dateType.${d}`)}
              </option>
            ))}
          </select>
        </label>
        <DateField
          label={t('shipments.filter.from')}
          value={value.date_range_min ?? ''}
          onChange={(v) => set('date_range_min', v)}
        />
        <DateField
          label={t('shipments.filter.to')}
          value={value.date_range_max ?? ''}
          onChange={(v) => set('date_range_max', v)}
        />
        <Choice
          label={t('shipments.filter.period')}
          value={value.date_key ?? ''}
          onChange={(v) => set('date_key', v as SearchFilter['date_key'])}
        >
          <option value="LAST_DAY">{t('shipments.period.LAST_DAY')}</option>
          <option value="LAST_MONTH">{t('shipments.period.LAST_MONTH')}</option>
        </Choice>
        <label className="field">
          <span>{t('shipments.filter.sort')}</span>
          <select
            value={value.sort ?? 'NEWEST'}
            onChange={(e) => set('sort', e.target.value === 'NEWEST' ? '' : 'OLDEST')}
          >
            <option value="NEWEST">{t('shipments.sort.NEWEST')}</option>
            <option value="OLDEST">{t('shipments.sort.OLDEST')}</option>
          </select>
        </label>
      </div>
    </div>
  );
}

/** A select whose first option is "any". */
function Choice({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <label className="field">
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('shipments.filter.any')}</option>
        {children}
      </select>
    </label>
  );
}
