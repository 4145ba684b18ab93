import { useTranslation } from 'react-i18next';
import { ErrorState, Loading } from '../../components/States';
import { useLabelPreview } from './queries';

/**
 * The label as the printer draws it, to glance at. `version`: the shipment's `updated_at`, so that a corrected
 * shipment shows its label as corrected. `later`: not asked for now (while this desk's print of it is on its way:
 * see PackView); one fetched before of the same version is still shown.
 */
export function LabelPreview({ code, version, later = false }: { code: string; version: string; later?: boolean }) {
  const { t } = useTranslation();
  const preview = useLabelPreview(code, version, !later);
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
