import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useClient } from '../../api/context';
import { Button } from '../../components/Button';
import { ErrorLine } from '../../components/States';
import { Filters } from '../shipments/Filters';
import { allCodes, useShipmentSearch, type SearchFilter } from '../shipments/queries';
import { ShipmentPages, ShipmentTable } from '../shipments/ShipmentTable';
import { BatchPrint, MAX_BATCH } from './BatchPrint';

const PAGE_SIZE = 50;

/**
 * Batch: choose shipments by any filter, the PENDING shortcut or by hand (all matches across pages, not just the
 * page shown, up to 5,000), then print them in jobs of 500. Only a page is ever rendered; a selection is a set of
 * codes, emptied once printed.
 */
export function BatchView() {
  const { t } = useTranslation();
  const client = useClient();
  const [filter, setFilter] = useState<SearchFilter>({ shortcut: 'PENDING' });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [gathering, setGathering] = useState(false);
  const [gatherError, setGatherError] = useState<unknown>(null);
  const result = useShipmentSearch({ ...filter, page, size: PAGE_SIZE }, { poll: false });
  const chosen = new Set(selected);

  const toggle = (code: string) =>
    setSelected(chosen.has(code) ? selected.filter((c) => c !== code) : [...selected, code]);
  const togglePage = (all: boolean) => {
    const codes = result.data?.data.map((s) => s.code) ?? [];
    setSelected(
      all ? [...selected, ...codes.filter((c) => !chosen.has(c))] : selected.filter((c) => !codes.includes(c)),
    );
  };
  async function selectAll() {
    setGathering(true);
    setGatherError(null);
    try {
      setSelected((await allCodes(client, filter, MAX_BATCH)).codes);
    } catch (e) {
      setGatherError(e);
    } finally {
      setGathering(false);
    }
  }

  const items = result.data?.items ?? 0;
  return (
    <main className="page split batch">
      <section className="card list" aria-label={t('batch.choose')}>
        <Filters
          value={filter}
          onChange={(f) => {
            setFilter(f);
            setPage(1);
          }}
        />
        <div className="row selection-bar">
          <span className="count" aria-live="polite">
            {result.data ? t('batch.matching', { count: items }) : ''} ·{' '}
            {t('batch.selectedCount', { count: selected.length })}
          </span>
          <Button
            onClick={() => void selectAll()}
            busy={gathering}
            disabled={items === 0}
            busyLabel={t('batch.gathering')}
          >
            {items > MAX_BATCH ? t('batch.selectFirst', { count: MAX_BATCH }) : t('batch.selectAll', { count: items })}
          </Button>
          <Button onClick={() => setSelected([])} disabled={selected.length === 0}>
            {t('batch.clear')}
          </Button>
        </div>
        <ErrorLine error={gatherError} />
        <ShipmentPages result={result} page={page} onPage={setPage} none={t('shipments.none')}>
          {(rows) => <ShipmentTable rows={rows} selected={chosen} onToggle={toggle} onTogglePage={togglePage} />}
        </ShipmentPages>
      </section>
      <BatchPrint
        codes={selected}
        onPrinted={() => {
          // Printed: the selection is done with (printing it again is a reprint, asked for on purpose).
          setSelected([]);
          void result.refetch();
        }}
      />
    </main>
  );
}
