import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Static } from '@sinclair/typebox';
import type { Office as OfficeSchema } from '@shared/client/shapes';
import { QueryState } from '../../components/States';
import { formatNumber } from '../../i18n/numbers';
import { useNearestOffices, type Point } from './queries';
import { useModal } from '../../components/modal';

export type Office = Static<typeof OfficeSchema>;

/**
 * Choosing PICKUP opens this: offices near the destination (its coordinates, else its postal code), nearest first
 * with the distance, searchable by postal code, each with its address and hours. The chosen office becomes the
 * destination address (the service fills it in) and is printed on the label.
 */
export function OfficePicker({
  open,
  zip: initialZip,
  near,
  onPick,
  onClose,
}: {
  open: boolean;
  zip?: string;
  near?: Point | null;
  onPick: (office: Office) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const modal = useModal(open, onClose);
  const [typed, setTyped] = useState(initialZip ?? '');
  const [zip, setZip] = useState(initialZip ?? '');
  const usePoint = zip === (initialZip ?? '') && near ? near : null;
  const offices = useNearestOffices(zip, usePoint, open);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setZip(typed.trim());
  };

  // 1–9 choose the n-th office shown (not while a postal code is typed in the search field). Keys stay in the
  // dialog: the form around it would take Escape as leaving it, and Enter as the next field.
  function pick(e: KeyboardEvent<HTMLDialogElement>) {
    e.stopPropagation();
    if (!/^[1-9]$/.test(e.key) || e.ctrlKey || e.altKey || e.metaKey || e.target instanceof HTMLInputElement) return;
    const o = offices.data?.[Number(e.key) - 1];
    if (!o) return;
    e.preventDefault();
    onPick(o);
  }

  return (
    <dialog {...modal} className="office-picker" aria-label={t('offices.title')} onCancel={onClose} onKeyDown={pick}>
      <div className="detail-head">
        <h2>{t('offices.title')}</h2>
        <button type="button" className="btn btn-plain" onClick={onClose} aria-label={t('common.close')}>
          ×
        </button>
      </div>
      <form className="search" role="search" onSubmit={search}>
        <input
          aria-label={t('offices.zip')}
          placeholder={t('offices.zipHint')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn">
          {t('offices.search')}
        </button>
      </form>
      <p className="hint">
        {usePoint ? t('offices.nearAddress') : zip ? t('offices.nearZip', { zip }) : t('offices.all')}
      </p>
      {open && (
        <QueryState query={offices} empty={(d) => d.length === 0}>
          {(list) => (
            <ul className="offices">
              {list.map((o, i) => (
                <li key={o.id}>
                  <div>
                    {i < 9 && <kbd>{i + 1}</kbd>} <strong>{o.name}</strong> <span className="mono muted">{o.code}</span>
                    <br />
                    {o.address.street}, {o.address.zip} {o.address.city}, {o.address.state}
                    <br />
                    <span className="hint">
                      {o.company} · {o.opening_hours}
                    </span>
                  </div>
                  <div className="office-end">
                    {o.distance_km !== undefined && (
                      <span className="distance">
                        {t('offices.km', {
                          km: formatNumber(o.distance_km, i18n.language, { maximumFractionDigits: 1 }),
                        })}
                      </span>
                    )}
                    <button
                      type="button"
                      className="btn btn-primary"
                      onClick={() => onPick(o)}
                      aria-label={t('offices.chooseOne', { name: o.name })}
                    >
                      {t('offices.choose')}
                    </button>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      )}
    </dialog>
  );
}
