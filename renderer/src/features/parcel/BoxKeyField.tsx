import { useTranslation } from 'react-i18next';
import type { Preset } from '../../api/types';
import { Field } from '../../components/Field';

/**
 * The box's key: one letter fills the parcel from that preset, in Pack's new shipment and in a parcel's correction
 * alike. The keys are listed under it; without presets there is nothing to type.
 */
export function BoxKeyField({ presets, onKey }: { presets: Preset[] | undefined; onKey: (key: string) => void }) {
  const { t } = useTranslation();
  if (!presets?.length) return null;
  return (
    <Field
      label={t('pack.box')}
      path="/preset"
      errors={{}}
      value=""
      maxLength={1}
      onChange={(e) => onKey(e.target.value)}
      hint={presets.map((p) => (
        <span key={p.id} className="preset">
          <kbd>{p.key}</kbd> {p.name}
        </span>
      ))}
    />
  );
}
