import { useTranslation } from 'react-i18next';

/**
 * Previous, "page N of M", next: under a list whose results come a page at a time (shipments, a webhook's
 * deliveries). Nothing when everything fits one page. `label` names the navigation for a screen reader.
 */
export function Pager({
  page,
  pages,
  last,
  onPage,
  label,
}: {
  page: number;
  pages: number;
  last: boolean;
  onPage: (p: number) => void;
  label?: string;
}) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label ?? t('shipments.pages')}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('shipments.previous')}
      </button>
      <span>{t('shipments.pageOf', { page, pages })}</span>
      <button type="button" className="btn" disabled={last} onClick={() => onPage(page + 1)}>
        {t('shipments.next')}
      </button>
    </nav>
  );
}
