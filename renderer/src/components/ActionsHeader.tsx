import { useTranslation } from 'react-i18next';

/**
 * The header of a table's column of buttons: out of sight (each button says what it does), but a screen reader
 * names the column instead of announcing an empty header.
 */
export function ActionsHeader() {
  const { t } = useTranslation();
  return (
    <th>
      <span className="visually-hidden">{t('common.actions')}</span>
    </th>
  );
}
