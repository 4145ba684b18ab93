import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { useLabelPreview } from './queries';

/**
 * The label as the printer draws it, to glance at. `later`: not asked for now (while this desk's print of it is on
 * its way: see PackView); one fetched before is still shown.
 */
export function LabelPreview({ code, later = false }: { code: string; later?: boolean }) {
  const { t } = useTranslation();
  const preview = useLabelPreview(code, !later);
  if (preview.isPending) return <Loading />;
  if (preview.error || !preview.data) return <ErrorState error={preview.error} />;
  return (
    <img
      className="label-preview"
      src={preview.data.image}
      width={preview.data.width / 2}
      alt={t('pack.preview', { code })}
    />
  );
}
