import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preset } from '../../api/types';
import { Field } from '../../components/Field';
import { formatKg, formatNumber } from '../../i18n/numbers';
import { decimal } from '../../parcel/parcel';
import { ParcelFields } from '../../parcel/ParcelFields';
import { EditableList, ItemForm } from './EditableList';
import { useDeletePreset, useSavePreset } from './mutations';
import { usePresets } from './queries';

function PresetForm({ preset, onDone }: { preset: Preset | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePreset();
  const [v, setV] = useState({
    name: preset?.name ?? '',
    key: preset?.key ?? '',
    length: String(preset?.length ?? ''),
    width: String(preset?.width ?? ''),
    height: String(preset?.height ?? ''),
    weight: String(preset?.weight ?? ''),
  });
  const type = (k: keyof typeof v, text: string) => setV({ ...v, [k]: text });

  function saved() {
    const weight = decimal(v.weight);
    const body = {
      name: v.name,
      key: v.key,
      length: decimal(v.length)!,
      width: decimal(v.width)!,
      height: decimal(v.height)!,
      ...(weight !== undefined ? { weight } : {}),
    };
    return save.mutateAsync({ id: preset?.id ?? null, body });
  }

  return (
    <ItemForm label={t('settings.presetForm')} save={saved} saving={save.isPending} onDone={onDone}>
      {(errors) => (
        <>
          <Field
            label={t('settings.presetName')}
            path="/name"
            errors={errors}
            value={v.name}
            onChange={(e) => type('name', e.target.value)}
            autoFocus
          />
          <Field
            label={t('settings.presetKey')}
            path="/key"
            errors={errors}
            value={v.key}
            onChange={(e) => type('key', e.target.value)}
            maxLength={1}
          />
          <ParcelFields
            value={v}
            onChange={type}
            errors={errors}
            at=""
            weightLabel={t('settings.presetWeight')}
            weightHint={t('settings.presetWeightHint')}
            weightLast
          />
        </>
      )}
    </ItemForm>
  );
}

/** Saved box sizes; at Pack the operator types a preset's key to fill the parcel. */
export function PresetsSection() {
  const { t, i18n } = useTranslation();
  const remove = useDeletePreset();
  return (
    <EditableList
      title={t('settings.presets')}
      addLabel={t('settings.addPreset')}
      query={usePresets()}
      item={(p) => (
        <>
          <kbd>{p.key}</kbd> <strong>{p.name}</strong>
          <span className="muted">
            {' '}
            {[p.length, p.width, p.height].map((n) => formatNumber(n, i18n.language)).join(' × ')} cm
            {p.weight !== undefined &&
              ` · ${t('settings.presetWeighs', { weight: formatKg(p.weight, i18n.language) })}`}
          </span>
        </>
      )}
      form={(p, done) => <PresetForm preset={p} onDone={done} />}
      deleteTitle={(p) => t('settings.deletePreset', { name: p.name })}
      remove={(id, fail) => remove.mutate(id, { onError: fail })}
    />
  );
}
