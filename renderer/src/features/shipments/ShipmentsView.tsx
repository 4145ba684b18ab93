import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Filters } from './Filters';
import { useShipmentSearch, type SearchFilter } from './queries';
import { ShipmentDetail } from './ShipmentDetail';
import { ShipmentPages, ShipmentTable } from './ShipmentTable';

const PAGE_SIZE = 25;

/** Shipments and tracking: every filter, a page at a time, and the detail of the one opened beside the list. */
export function ShipmentsView() {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<SearchFilter>({});
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);
  const result = useShipmentSearch({ ...filter, page, size: PAGE_SIZE });

  // A label or an order scanned into the search (its code or ref, whole) opens that parcel when it is the only one
  // found, until its detail is closed.
  const [closedFor, setClosedFor] = useState<string | null>(null);
  const words = filter.q;
  const only = !result.isPlaceholderData && result.data?.items === 1 ? result.data.data[0] : undefined;
  const found =
    words && only && closedFor !== words && (only.code === words.toUpperCase() || only.ref === words)
      ? only.code
      : null;
  const detail = open ?? found;

  return (
    <main className={detail ? 'page split' : 'page'}>
      <section className="card list" aria-label={t('nav.shipments')}>
        <Filters
          searchRef={search}
          value={filter}
          onChange={(f) => {
            if (f.q !== filter.q) setOpen(null);
            setClosedFor(null);
            setFilter(f);
            setPage(1);
          }}
        />
        <p className="count" aria-live="polite">
          {result.data ? t('shipments.count', { count: result.data.items }) : ''}
        </p>
        <ShipmentPages result={result} page={page} onPage={setPage} none={t('shipments.none')}>
          {(rows) => <ShipmentTable rows={rows} open={detail} onOpen={setOpen} />}
        </ShipmentPages>
      </section>
      {detail && (
        <ShipmentDetail
          key={detail}
          code={detail}
          onClose={() => {
            setOpen(null);
            if (detail === found) setClosedFor(words ?? null);
          }}
          // What follows a cancel is looking up the next parcel (a scan into the search box finds it).
          onCanceled={() => search.current?.focus()}
        />
      )}
    </main>
  );
}
