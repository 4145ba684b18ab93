import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sender } from '../../api/types';
import { Button } from '../../components/Button';
import { province } from '@shared/schemas/places';
import { Field } from '../../components/Field';
import { e164 } from '../../components/PhoneField';
import { AddressFields } from '../../components/AddressFields';
import { addressText, emptyAddress, type AddressKey, type AddressText } from '../../components/address';
import { EditableList, ItemForm } from './EditableList';
import { useDeleteSender, useSaveSender } from './mutations';
import { useSenders } from './queries';

function SenderForm({ sender, onDone }: { sender: Sender | null; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSender();
  const [label, setLabel] = useState(sender?.label ?? '');
  const [isDefault, setIsDefault] = useState(sender?.is_default ?? false);
  const [v, setV] = useState<AddressText>(() => (sender ? addressText(sender) : emptyAddress()));
  const type = (k: AddressKey, text: string) => setV((was) => ({ ...was, [k]: text }));

  function saved() {
    const phone = e164(v.phone, v.country);
    return save.mutateAsync({
      id: sender?.id ?? null,
      body: {
        label,
        is_default: isDefault,
        contact: { name: v.name, ...(phone ? { phone } : {}) },
        address: { street: v.street, city: v.city, state: v.state, zip: v.zip, country: v.country },
      },
    });
  }

  return (
    <ItemForm label={t('settings.senderForm')} save={saved} saving={save.isPending} onDone={onDone}>
      {(errors) => (
        <>
          <Field
            label={t('settings.senderLabel')}
            path="/label"
            errors={errors}
            value={label}
            onChange={(e) => setLabel(e.target.value)}
            autoFocus
          />
          <AddressFields
            value={v}
            onChange={type}
            errors={errors}
            at=""
            with={['phone']}
            // The province as the labels and the imports write it ("CABA": Ciudad Autónoma de Buenos Aires).
            onLeave={(k) => k === 'state' && type('state', province(v.state, v.country))}
          />
          <label className="check">
            <input type="checkbox" checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)} />{' '}
            {t('settings.isDefault')}
          </label>
        </>
      )}
    </ItemForm>
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
