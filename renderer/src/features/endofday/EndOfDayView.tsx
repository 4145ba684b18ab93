import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useExplain } from '../../api/errors';
import { useFeedback } from '../../operator/feedback';
import { onScan, SCAN_FIELD_ATTR } from '../../operator/scanner';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DateField } from '../../components/DateField';
import { formatKg } from '../../i18n/numbers';
import { useScan } from '../pack/mutations';
import { useStationSettings } from '../settings/queries';
import { useAllCodes, useShipmentSearch, type SearchFilter } from '../shipments/queries';
import { ShipmentPages, ShipmentTable } from '../shipments/ShipmentTable';
import { MAX_MANIFEST, useCreateManifest } from './mutations';
import { ErrorLine } from '../../components/States';

const PAGE_SIZE = 50;

/**
 * Today in the station's time zone, as YYYY-MM-DD: the service reads a plain date in that zone, and a station set to
 * its carrier's zone may be a day ahead of or behind the browser's (the browser's own until the station's is known).
 */
const todayIn = (timeZone: string | undefined) => {
  const parts = new Intl.DateTimeFormat('en', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
};

/** The parcels scanned onto the truck, per day, kept for this tab (a trip to another screen loses none). */
const loadedKey = (day: string) => `desk.loaded.${day}`;
const readLoaded = (day: string): string[] => {
  try {
    return JSON.parse(sessionStorage.getItem(loadedKey(day)) ?? '[]') as string[];
  } catch {
    return [];
  }
};

/**
 * End of day: the day's labelled, not yet collected shipments, and their manifest for the carrier. Each parcel is
 * scanned as it goes on the truck; once scanning has started, the manifest lists the scanned ones only and the
 * others are listed apart, staying out of it (not collected). Without a scan, the manifest takes the whole list.
 */
export function EndOfDayView() {
  const { t, i18n } = useTranslation();
  const explain = useExplain();
  const feedback = useFeedback();
  const scanField = useRef<HTMLInputElement>(null);
  const zone = useStationSettings().data?.time_zone;
  /** The day the operator picked; until then, the station's today. */
  const [picked, setPicked] = useState<string | null>(null);
  const day = picked ?? todayIn(zone);
  const [page, setPage] = useState(1);
  const [asking, setAsking] = useState(false);
  const [value, setValue] = useState('');
  const [loadedOf, setLoadedOf] = useState<{ day: string; codes: string[] } | null>(null);
  const loaded = loadedOf?.day === day ? loadedOf.codes : readLoaded(day);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  const filter: SearchFilter = {
    date_type: 'LABELLED',
    status: 'TO_COLLECT',
    date_range_min: day,
    date_range_max: day,
  };
  const result = useShipmentSearch({ ...filter, page, size: PAGE_SIZE });
  // Every code of the day, to tell a parcel of the list from any other scanned by mistake.
  const listed = useAllCodes(filter, MAX_MANIFEST);
  const codes = listed.data?.codes ?? [];
  const onTruck = new Set(loaded.filter((c) => codes.includes(c)));
  const scanning = onTruck.size > 0;
  const leftOut = scanning ? codes.filter((c) => !onTruck.has(c)) : [];
  const manifestCodes = scanning ? codes.filter((c) => onTruck.has(c)) : codes;
  const scan = useScan();
  const manifest = useCreateManifest();
  const items = result.data?.items ?? 0;
  const m = manifest.data;

  const keep = (next: string[]) => {
    sessionStorage.setItem(loadedKey(day), JSON.stringify(next));
    setLoadedOf({ day, codes: next });
  };

  /** A parcel goes on the truck: its code (or its label's QR) is one of the list, or it is said why not. */
  async function load(scanned: string) {
    const wanted = scanned.trim();
    if (!wanted) return;
    let code = codes.find((c) => c === wanted.toUpperCase());
    if (!code) {
      try {
        const found = await scan.mutateAsync(wanted);
        if (found.kind === 'shipment') {
          code = codes.find((c) => c === found.shipment.code);
          if (!code) {
            setNote({
              ok: false,
              text: t('endOfDay.notListed', {
                code: found.shipment.code,
                status: t(`codes.status.${found.shipment.status}`),
              }),
            });
            feedback.signal('failed');
            return;
          }
        }
      } catch (e) {
        setNote({ ok: false, text: explain(e).message });
        feedback.signal('failed');
        return;
      }
    }
    if (!code) {
      setNote({ ok: false, text: t('endOfDay.unknown', { value: wanted }) });
      feedback.signal('failed');
      return;
    }
    // Scanned twice: the count stays, and the operator hears it (two parcels with one label, or one scanned again).
    if (onTruck.has(code)) {
      setNote({ ok: false, text: t('endOfDay.again', { code, n: onTruck.size, total: codes.length }) });
      feedback.signal('attention');
      return;
    }
    keep([...loaded, code]);
    setNote({ ok: true, text: t('endOfDay.loaded', { code, n: onTruck.size + 1, total: codes.length }) });
    feedback.signal('printed');
  }

  // Scans typed anywhere on this screen go on the truck.
  const scanned = useEffectEvent((v: string) => void load(v));
  useEffect(() => onScan(scanned), []);

  function submit(e: FormEvent) {
    e.preventDefault();
    const v = value;
    setValue('');
    void load(v);
  }

  return (
    <main className="page">
      <section className="card" aria-label={t('endOfDay.title')}>
        <h2>{t('endOfDay.title')}</h2>
        <div className="row">
          <DateField
            label={t('endOfDay.day')}
            value={day}
            onChange={(v) => {
              if (!v) return;
              setPicked(v);
              setPage(1);
            }}
          />
          <p className="count" aria-live="polite">
            {result.data ? t('endOfDay.count', { count: items }) : ''}
          </p>
          <Button
            kind="primary"
            disabled={manifestCodes.length === 0 || items > MAX_MANIFEST}
            busy={manifest.isPending}
            onClick={() => setAsking(true)}
          >
            {scanning
              ? t('endOfDay.createScanned', { count: manifestCodes.length })
              : t('endOfDay.create', { count: items })}
          </Button>
        </div>
        <form className="scan-bar truck" onSubmit={submit}>
          <label htmlFor="truck">{t('endOfDay.scan')}</label>
          <input
            id="truck"
            ref={scanField}
            className="scan-input"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && e.ctrlKey && manifestCodes.length) {
                e.preventDefault();
                setAsking(true);
              }
            }}
            placeholder={t('endOfDay.scanHint')}
            autoComplete="off"
            spellCheck={false}
            autoFocus
            {...{ [SCAN_FIELD_ATTR]: '' }}
          />
        </form>
        <p className="count" aria-live="polite">
          {t('endOfDay.progress', { n: onTruck.size, total: codes.length })}
        </p>
        {note && (
          <p className={note.ok ? 'note' : 'error'} role={note.ok ? undefined : 'alert'}>
            {note.text}
          </p>
        )}
        {leftOut.length > 0 && (
          <section className="summary warn" aria-label={t('endOfDay.leftOut')}>
            <h3>{t('endOfDay.leftOutTitle', { count: leftOut.length })}</h3>
            <p className="hint">{t('endOfDay.leftOutHint')}</p>
            <ul className="codes">
              {leftOut.map((c) => (
                <li key={c}>
                  <span className="mono">{c}</span> {listed.data?.receivers.get(c)}
                </li>
              ))}
            </ul>
          </section>
        )}
        {items > MAX_MANIFEST && <p className="warn">{t('endOfDay.tooMany', { max: MAX_MANIFEST })}</p>}
        <ErrorLine error={manifest.error} />
        {m && (
          <section className="summary ok" role="region" aria-label={t('endOfDay.done')}>
            <h3>{t('endOfDay.done')}</h3>
            <p>
              {t('endOfDay.manifestLine', {
                id: m.id,
                shipments: m.shipments,
                pieces: m.pieces,
                weight: formatKg(m.weight, i18n.language),
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
          {(rows) => (
            <ShipmentTable
              rows={rows}
              selected={onTruck}
              onToggle={(code) => keep(onTruck.has(code) ? loaded.filter((c) => c !== code) : [...loaded, code])}
              onTogglePage={(all) => {
                const page = rows.map((r) => r.code);
                keep(all ? [...new Set([...loaded, ...page])] : loaded.filter((c) => !page.includes(c)));
              }}
            />
          )}
        </ShipmentPages>
      </section>
      <ConfirmDialog
        open={asking}
        title={t('endOfDay.confirmTitle')}
        confirmLabel={t('endOfDay.confirm')}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          manifest.mutate(manifestCodes, {
            // On the manifest: the truck's scans of the day are done with.
            onSuccess: () => {
              sessionStorage.removeItem(loadedKey(day));
              setLoadedOf({ day, codes: [] });
              // The last parcel's "on the truck" line is of a day handed over.
              setNote(null);
            },
          });
        }}
      >
        <p>{t('endOfDay.confirmText', { count: manifestCodes.length })}</p>
        {leftOut.length > 0 && <p className="warn">{t('endOfDay.confirmLeftOut', { count: leftOut.length })}</p>}
      </ConfirmDialog>
    </main>
  );
}
