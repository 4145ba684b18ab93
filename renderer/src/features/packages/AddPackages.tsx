import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpInput } from '../../api/client';
import { useExplain } from '../../api/errors';
import type { Shipment } from '../../api/types';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { AddressFields } from '../../components/AddressFields';
import { addressText, emptyAddress, type AddressText } from '../../components/address';
import { emptyParcel, parcelNumbers, presetParcel, type ParcelText } from '../../parcel/parcel';
import { ParcelFields } from '../../parcel/ParcelFields';
import { usePresets, useSenders } from '../settings/queries';
import { useAddPackage } from './mutations';

type Body = OpInput<'packages.create'>['body'];
type Form = AddressText & ParcelText & { ref: string; content: string };

const blank = (parent: Shipment, n: number): Form => ({
  ref: `${parent.ref}-${n}`,
  content: '',
  ...emptyAddress(),
  ...emptyParcel(),
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
  const type = (k: keyof Form, text: string) => setForm({ ...form, [k]: text });

  if (!open) return <Button onClick={() => setOpen(true)}>{t('packages.add')}</Button>;

  function fromSender(id: string) {
    const s = senders.find((x) => String(x.id) === id);
    if (s) setForm({ ...form, ...addressText(s) });
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
          // The next package most often leaves from the same place.
          setForm({ ...blank(parent, (p.number ?? 0) + 1), ...addressText(body.origin) });
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
        <Field
          label={t('packages.ref')}
          path="/ref"
          errors={errors}
          value={form.ref}
          onChange={(e) => type('ref', e.target.value)}
        />
        <Field
          label={t('packages.content')}
          path="/content"
          errors={errors}
          value={form.content}
          onChange={(e) => type('content', e.target.value)}
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
          <AddressFields value={form} onChange={type} errors={errors} at="/origin" />
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
          <ParcelFields value={form} onChange={type} errors={errors} />
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
