import { useState } from 'react';
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
  const result = useShipmentSearch({ ...filter, page, size: PAGE_SIZE });

  return (
    <main className={open ? 'page split' : 'page'}>
      <section className="card list" aria-label={t('nav.shipments')}>
        <Filters
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
          }}
        />
        <p className="count" aria-live="polite">
          {result.data ? t('shipments.count', { count: result.data.items }) : ''}
        </p>
        <ShipmentPages result={result} page={page} onPage={setPage} none={t('shipments.none')}>
          {(rows) => <ShipmentTable rows={rows} open={open} onOpen={setOpen} />}
        </ShipmentPages>
      </section>
      {open && <ShipmentDetail key={open} code={open} onClose={() => setOpen(null)} />}
    </main>
  );
}
