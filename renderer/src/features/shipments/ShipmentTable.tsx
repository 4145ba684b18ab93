import { formatDateTime } from '../../i18n/dates';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '../../api/types';
import { Pager } from '../../components/Pager';
import { Empty, ErrorState, Loading } from '../../components/States';
import type { useShipmentSearch } from './queries';

export const when = (iso: string | null, lang: string) => (iso ? formatDateTime(iso, lang) : '');

/**
 * The columns that matter at a desk. With `selected`, each row has a checkbox (Batch, End of day); a row opens its
 * detail with a click or Enter.
 */
export function ShipmentTable({
  rows,
  open,
  onOpen,
  selected,
  onToggle,
  onTogglePage,
}: {
  rows: Shipment[];
  open?: string | null;
  onOpen?: (code: string) => void;
  selected?: ReadonlySet<string>;
  onToggle?: (code: string) => void;
  onTogglePage?: (all: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const pageSelected = !!selected && rows.length > 0 && rows.every((r) => selected.has(r.code));
  return (
    <table className="shipments">
      <thead>
        <tr>
          {selected && (
            <th>
              <input
                type="checkbox"
                aria-label={t('shipments.selectPage')}
                checked={pageSelected}
                onChange={() => onTogglePage?.(!pageSelected)}
              />
            </th>
          )}
          <th>{t('shipments.col.created')}</th>
          <th>{t('shipments.col.code')}</th>
          <th>{t('shipments.col.ref')}</th>
          <th>{t('shipments.col.receiver')}</th>
          <th>{t('shipments.col.city')}</th>
          <th>{t('shipments.col.method')}</th>
          <th>{t('shipments.col.status')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((s) => (
          <tr
            key={s.id}
            className={open === s.code ? 'selected' : undefined}
            onClick={onOpen ? () => onOpen(s.code) : undefined}
            tabIndex={onOpen ? 0 : undefined}
            onKeyDown={onOpen ? (e) => e.key === 'Enter' && onOpen(s.code) : undefined}
          >
            {selected && (
              <td onClick={(e) => e.stopPropagation()}>
                <input
                  type="checkbox"
                  aria-label={t('shipments.selectOne', { code: s.code })}
                  checked={selected.has(s.code)}
                  onChange={() => onToggle?.(s.code)}
                />
              </td>
            )}
            <td>{when(s.created_at, i18n.language)}</td>
            <td className="mono">
              {s.code}
              {s.number !== null && <span className="muted"> · {t('shipments.packageOf', { n: s.number })}</span>}
            </td>
            <td className="ref">{s.ref}</td>
            <td>{s.destination.contact.name}</td>
            <td>{s.destination.address.city}</td>
            <td>{t(`codes.method.${s.method}`)}</td>
            <td>
              <span className={`badge status-${s.status}`}>{t(`codes.status.${s.status}`)}</span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A search's page of shipments and its pager, or the search's loading, error or empty state. A refresh that fails
 * leaves the page it had in view (unlike `QueryState`): the lists poll, and one missed poll should not blank them.
 */
export function ShipmentPages({
  result,
  page,
  onPage,
  none,
  children,
}: {
  result: ReturnType<typeof useShipmentSearch>;
  page: number;
  onPage: (p: number) => void;
  /** What the empty state says. */
  none: string;
  children: (rows: Shipment[]) => React.ReactNode;
}) {
  if (result.isPending) return <Loading />;
  if (result.error && !result.data) return <ErrorState error={result.error} onRetry={() => void result.refetch()} />;
  if (!result.data) return null;
  if (result.data.data.length === 0) return <Empty>{none}</Empty>;
  return (
    <>
      {children(result.data.data)}
      <Pager page={page} pages={result.data.pages} last={result.data.last} onPage={onPage} />
    </>
  );
}
