import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import { useExplain } from '../../api/errors';
import type { Shipment } from '../../api/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { parcelNumbers, presetParcel } from '../../parcel/parcel';
import { usePresets, useSenders } from '../settings/queries';
import { useAddPackage } from './mutations';

type Body = OpInput<'packages.create'>['body'];
const ORIGIN = ['name', 'street', 'city', 'state', 'zip', 'country'] as const;
type Form = Record<(typeof ORIGIN)[number] | 'weight' | 'length' | 'width' | 'height' | 'ref' | 'content', string>;

const blank = (parent: Shipment, n: number): Form => ({
  ref: `${parent.ref}-${n}`,
  content: '',
  name: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  country: 'AR',
  weight: '',
  length: '',
  width: '',
  height: '',
});

/**
 * Adds child packages to a multi-origin shipment, one after another: origin from the senders or typed, size from
 * the presets or typed, contents. Each package is numbered n/N by the service and gets its own label.
 */
export function AddPackages({ parent }: { parent: Shipment }) {
  const { t, i18n } = useTranslation();
  const explain = useExplain();
  const add = useAddPackage();
  const senders = useSenders().data ?? [];
  const presets = usePresets().data ?? [];
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form>(() => blank(parent, parent.packages + 1));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const set = (k: keyof Form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });

  if (!open) return <Button onClick={() => setOpen(true)}>{t('packages.add')}</Button>;

  function fromSender(id: string) {
    const s = senders.find((x) => String(x.id) === id);
    if (s)
      setForm({
        ...form,
        name: s.contact.name,
        street: s.address.street,
        city: s.address.city,
        state: s.address.state,
        zip: s.address.zip,
        country: s.address.country,
      });
  }
  function fromPreset(id: string) {
    const p = presets.find((x) => String(x.id) === id);
    if (p) setForm({ ...form, ...presetParcel(p, i18n.language) });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    const body: Body = {
      ref: form.ref.trim(),
      ...(form.content.trim() ? { content: form.content.trim() } : {}),
      origin: {
        contact: { name: form.name },
        address: {
          street: form.street,
          city: form.city,
          state: form.state,
          zip: form.zip,
          country: form.country.toUpperCase(),
        },
      },
      dimensions: parcelNumbers(form),
    };
    add.mutate(
      { code: parent.code, body },
      {
        onSuccess: (p) => {
          setErrors({});
          setMessage(t('packages.added', { code: p.code, n: p.number }));
          setForm({ ...blank(parent, (p.number ?? 0) + 1), ...pick(form, ORIGIN) });
        },
        onError: (err) => {
          const x = explain(err);
          setErrors(x.fields);
          setMessage(x.message);
        },
      },
    );
  }

  return (
    <form className="add-packages" aria-label={t('packages.addTitle')} onSubmit={submit}>
      <h4>{t('packages.addTitle')}</h4>
      <div className="row">
        <Field label={t('packages.ref')} path="/ref" errors={errors} value={form.ref} onChange={set('ref')} />
        <Field
          label={t('packages.content')}
          path="/content"
          errors={errors}
          value={form.content}
          onChange={set('content')}
        />
      </div>
      <fieldset>
        <legend>{t('packages.origin')}</legend>
        {senders.length > 0 && (
          <label className="field">
            <span>{t('packages.fromSender')}</span>
            <select defaultValue="" onChange={(e) => fromSender(e.target.value)}>
              <option value="">{t('packages.typed')}</option>
              {senders.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="grid compact">
          <Field
            label={t('packages.name')}
            path="/origin/contact/name"
            errors={errors}
            value={form.name}
            onChange={set('name')}
          />
          <Field
            label={t('packages.street')}
            path="/origin/address/street"
            errors={errors}
            value={form.street}
            onChange={set('street')}
          />
          <Field
            label={t('packages.city')}
            path="/origin/address/city"
            errors={errors}
            value={form.city}
            onChange={set('city')}
          />
          <Field
            label={t('packages.state')}
            path="/origin/address/state"
            errors={errors}
            value={form.state}
            onChange={set('state')}
          />
          <Field
            label={t('packages.zip')}
            path="/origin/address/zip"
            errors={errors}
            value={form.zip}
            onChange={set('zip')}
          />
          <Field
            label={t('packages.country')}
            path="/origin/address/country"
            errors={errors}
            value={form.country}
            onChange={set('country')}
            maxLength={2}
          />
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('packages.size')}</legend>
        {presets.length > 0 && (
          <label className="field">
            <span>{t('packages.preset')}</span>
            <select defaultValue="" onChange={(e) => fromPreset(e.target.value)}>
              <option value="">{t('packages.typed')}</option>
              {presets.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({p.length}×{p.width}×{p.height})
                </option>
              ))}
            </select>
          </label>
        )}
        <div className="grid compact">
          <Field
            label={t('packages.weight')}
            path="/dimensions/weight"
            errors={errors}
            value={form.weight}
            onChange={set('weight')}
            inputMode="decimal"
          />
          <Field
            label={t('packages.length')}
            path="/dimensions/length"
            errors={errors}
            value={form.length}
            onChange={set('length')}
            inputMode="decimal"
          />
          <Field
            label={t('packages.width')}
            path="/dimensions/width"
            errors={errors}
            value={form.width}
            onChange={set('width')}
            inputMode="decimal"
          />
          <Field
            label={t('packages.height')}
            path="/dimensions/height"
            errors={errors}
            value={form.height}
            onChange={set('height')}
            inputMode="decimal"
          />
        </div>
      </fieldset>
      <div className="actions start">
        <Button type="submit" kind="primary" busy={add.isPending}>
          {t('packages.submit')}
        </Button>
        <Button onClick={() => setOpen(false)}>{t('common.close')}</Button>
      </div>
      {message && (
        <p aria-live="polite" className={add.isError ? 'error' : 'ok'}>
          {message}
        </p>
      )}
    </form>
  );
}

function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
