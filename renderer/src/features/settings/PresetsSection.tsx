import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Preset } from '../../api/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { useSubmitErrors } from '../../components/useSubmitErrors';
import { formatKg, formatNumber } from '../../i18n/numbers';
import { decimal } from '../../parcel/parcel';
import { EditableList } from './EditableList';
import { useDeletePreset, useSavePreset } from './mutations';
import { usePresets } from './queries';

function PresetForm({ preset, onDone }: { preset: Preset | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSavePreset();
  const { form, errors, refused } = useSubmitErrors();
  const [v, setV] = useState({
    name: preset?.name ?? '',
    key: preset?.key ?? '',
    length: String(preset?.length ?? ''),
    width: String(preset?.width ?? ''),
    height: String(preset?.height ?? ''),
    weight: String(preset?.weight ?? ''),
  });
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const weight = decimal(v.weight);
    const body = {
      name: v.name,
      key: v.key,
      length: decimal(v.length)!,
      width: decimal(v.width)!,
      height: decimal(v.height)!,
      ...(weight !== undefined ? { weight } : {}),
    };
    try {
      await save.mutateAsync({ id: preset?.id ?? null, body });
      onDone();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <form ref={form} className="form-grid" aria-label={t('settings.presetForm')} onSubmit={submit} noValidate>
      <Field
        label={t('settings.presetName')}
        path="/name"
        errors={errors}
        value={v.name}
        onChange={set('name')}
        autoFocus
      />
      <Field
        label={t('settings.presetKey')}
        path="/key"
        errors={errors}
        value={v.key}
        onChange={set('key')}
        maxLength={1}
      />
      <Field
        label={t('pack.length')}
        path="/length"
        errors={errors}
        value={v.length}
        onChange={set('length')}
        inputMode="decimal"
      />
      <Field
        label={t('pack.width')}
        path="/width"
        errors={errors}
        value={v.width}
        onChange={set('width')}
        inputMode="decimal"
      />
      <Field
        label={t('pack.height')}
        path="/height"
        errors={errors}
        value={v.height}
        onChange={set('height')}
        inputMode="decimal"
      />
      <Field
        label={t('settings.presetWeight')}
        path="/weight"
        errors={errors}
        value={v.weight}
        onChange={set('weight')}
        inputMode="decimal"
        hint={t('settings.presetWeightHint')}
      />
      <div className="actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" kind="primary" busy={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
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
