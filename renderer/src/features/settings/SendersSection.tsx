import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sender } from '../../api/types';
import { Button } from '../../components/Button';
import { province } from '@shared/schemas/places';
import { Field } from '../../components/Field';
import { e164, PhoneField } from '../../components/PhoneField';
import { useSubmitErrors } from '../../components/useSubmitErrors';
import { EditableList } from './EditableList';
import { useDeleteSender, useSaveSender } from './mutations';
import { useSenders } from './queries';

const FIELDS = [
  ['name', '/contact/name', 'pack.name'],
  ['phone', '/contact/phone', 'pack.phone'],
  ['street', '/address/street', 'pack.street'],
  ['city', '/address/city', 'pack.city'],
  ['state', '/address/state', 'pack.province'],
  ['zip', '/address/zip', 'pack.zip'],
  ['country', '/address/country', 'pack.country'],
] as const;

function SenderForm({ sender, onDone }: { sender: Sender | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSender();
  const { form, errors, refused } = useSubmitErrors();
  const [label, setLabel] = useState(sender?.label ?? '');
  const [isDefault, setIsDefault] = useState(sender?.is_default ?? false);
  const [v, setV] = useState<Record<string, string>>({
    name: sender?.contact.name ?? '',
    phone: sender?.contact.phone ?? '',
    street: sender?.address.street ?? '',
    city: sender?.address.city ?? '',
    state: sender?.address.state ?? '',
    zip: sender?.address.zip ?? '',
    country: sender?.address.country ?? 'AR',
  });

  async function submit(e: FormEvent) {
    e.preventDefault();
    const phone = e164(v.phone!, v.country!);
    const body = {
      label,
      is_default: isDefault,
      contact: { name: v.name!, ...(phone ? { phone } : {}) },
      address: { street: v.street!, city: v.city!, state: v.state!, zip: v.zip!, country: v.country! },
    };
    try {
      await save.mutateAsync({ id: sender?.id ?? null, body });
      onDone();
    } catch (err) {
      refused(err);
    }
  }

  return (
    <form ref={form} className="form-grid" aria-label={t('settings.senderForm')} onSubmit={submit} noValidate>
      <Field
        label={t('settings.senderLabel')}
        path="/label"
        errors={errors}
        value={label}
        onChange={(e) => setLabel(e.target.value)}
        autoFocus
      />
      {FIELDS.map(([k, path, key]) =>
        k === 'phone' ? (
          <PhoneField
            key={k}
            label={t(key)}
            path={path}
            errors={errors}
            value={v.phone!}
            country={v.country!}
            onValue={(phone) => setV({ ...v, phone })}
          />
        ) : (
          <Field
            key={k}
            label={t(key)}
            path={path}
            errors={errors}
            value={v[k]}
            onChange={(e) => setV({ ...v, [k]: e.target.value })}
            // The province as the labels and the imports write it ("CABA": Ciudad Autónoma de Buenos Aires).
            onBlur={k === 'state' ? () => setV({ ...v, state: province(v.state!, v.country!) }) : undefined}
          />
        ),
      )}
      <label className="check">
        <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />{' '}
        {t('settings.isDefault')}
      </label>
      <div className="actions">
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button type="submit" kind="primary" busy={save.isPending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** The account's senders: several, one default (the origin of new shipments at Pack). */
export function SendersSection() {
  const { t } = useTranslation();
  const remove = useDeleteSender();
  const save = useSaveSender();
  return (
    <EditableList
      title={t('settings.senders')}
      addLabel={t('settings.addSender')}
      query={useSenders()}
      item={(s) => (
        <>
          <strong>{s.label}</strong> {s.is_default && <span className="pill tone-ok">{t('settings.default')}</span>}
          <span className="muted">
            {' '}
            {s.contact.name} · {s.address.street}, {s.address.city}
          </span>
        </>
      )}
      actions={(s, fail) =>
        !s.is_default && (
          <Button
            onClick={() =>
              save.mutate(
                { id: s.id, body: { label: s.label, is_default: true, contact: s.contact, address: s.address } },
                { onError: fail },
              )
            }
          >
            {t('settings.makeDefault')}
          </Button>
        )
      }
      form={(s, done) => <SenderForm sender={s} onDone={done} />}
      deleteTitle={(s) => t('settings.deleteSender', { label: s.label })}
      remove={(id, fail) => remove.mutate(id, { onError: fail })}
    />
  );
}
