import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useShipmentSearch, type SearchFilter } from '../shipments/queries';
import { ShipmentPages, ShipmentTable } from '../shipments/ShipmentTable';
import { MAX_MANIFEST, useCreateManifest } from './mutations';

const PAGE_SIZE = 50;

/** Today in the desk's calendar, as YYYY-MM-DD (the service reads a plain date in the station's time zone). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/**
 * End of day: the day's labelled, not yet collected shipments (those labelled today unless another day is chosen),
 * a manifest for the carrier, and on confirmation all of them move to COLLECTED together.
 */
export function EndOfDayView() {
  const { t, i18n } = useTranslation();
  const explain = useExplain();
  const [day, setDay] = useState(today);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const filter: SearchFilter = {
    date_type: 'LABELLED',
    status: 'TO_COLLECT',
    date_range_min: day,
    date_range_max: day,
  };
  const result = useShipmentSearch({ ...filter, page, size: PAGE_SIZE });
  const manifest = useCreateManifest();
  const items = result.data?.items ?? 0;
  const m = manifest.data;

  return (
    <main className="page">
      <section className="card" aria-label={t('endOfDay.title')}>
        <h2>{t('endOfDay.title')}</h2>
        <div className="row">
          <label className="field">
            <span>{t('endOfDay.day')}</span>
            <input
              type="date"
              value={day}
              max={today()}
              onChange={(e) => {
                if (e.target.value) setDay(e.target.value);
                setPage(1);
              }}
            />
          </label>
          <p className="count" aria-live="polite">
            {result.data ? t('endOfDay.count', { count: items }) : ''}
          </p>
          <Button
            kind="primary"
            disabled={items === 0 || items > MAX_MANIFEST}
            busy={manifest.isPending}
            onClick={() => setAsking(true)}
          >
            {t('endOfDay.create', { count: items })}
          </Button>
        </div>
        {items > MAX_MANIFEST && <p className="warn">{t('endOfDay.tooMany', { max: MAX_MANIFEST })}</p>}
        {manifest.error && (
          <p className="error" role="alert">
            {explain(manifest.error).message}
          </p>
        )}
        {m && (
          <section className="summary ok" role="region" aria-label={t('endOfDay.done')}>
            <h3>{t('endOfDay.done')}</h3>
            <p>
              {t('endOfDay.manifestLine', {
                id: m.id,
                shipments: m.shipments,
                pieces: m.pieces,
                weight: m.weight.toLocaleString(i18n.language),
              })}
            </p>
            <a href={m.url} target="_blank" rel="noreferrer" download>
              {t('endOfDay.download')}
            </a>
            <div className="actions start">
              <Button onClick={() => manifest.reset()}>{t('batch.dismiss')}</Button>
            </div>
          </section>
        )}
        <ShipmentPages result={result} page={page} onPage={setPage} none={t('endOfDay.none')}>
          {(rows) => <ShipmentTable rows={rows} />}
        </ShipmentPages>
      </section>
      <ConfirmDialog
        open={asking}
        title={t('endOfDay.confirmTitle')}
        confirmLabel={t('endOfDay.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          manifest.mutate(filter);
        }}
      >
        <p>{t('endOfDay.confirmText', { count: items })}</p>
      </ConfirmDialog>
    </main>
  );
}
