import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { explain, fieldMessage } from '../../api/errors';
import { ApiError } from '../../api/client';
import { Button } from '../../components/Button';
import { Field, SelectField, focusFirstInvalid } from '../../components/Field';
import { Loading } from '../../components/States';
import { presetParcel } from '../../parcel/parcel';
import { usePresets, useSenders } from '../settings/queries';
import { emptyDraft, quoteParams, QUOTE_FIELD, toBody, type Draft } from './draft';
import { useCreateAndPrint, type Printed } from './mutations';
import { useQuote } from './queries';
import { QuotePicker } from './QuotePicker';
import { useDebounced } from './useDebounced';
import type { Office } from '../offices/OfficePicker';
import { PickupOffice, withOffice } from '../offices/PickupOffice';
import { ScaleWeight } from '../scale/ScaleWeight';

const FOCUSABLE =
  'input:not([type=radio]):not([disabled]), select:not([disabled]), [role=radiogroup] input:checked, button:not([disabled])';

/**
 * A new shipment for a scanned ref: receiver, parcel (a preset's key fills the box), the quoted methods, and
 * "Create and print" (Control+Enter anywhere in the form). Enter in a field moves to the next one; it never creates.
 */
export function NewShipmentForm({
  orderRef,
  onPrinted,
  onCancel,
}: {
  orderRef: string;
  onPrinted: (p: Printed) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  /** The method the operator picked; null until they pick one. */
  const [picked, setPicked] = useState<string | null>(null);
  const [office, setOffice] = useState<Office | null>(null);
  const [choosingOffice, setChoosingOffice] = useState(false);
  const [senderId, setSenderId] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const senders = useSenders();
  const presets = usePresets();
  const params = useDebounced(quoteParams(draft), 150);
  const quote = useQuote(params);
  const create = useCreateAndPrint();

  const options = params && !quote.isPlaceholderData ? quote.data : undefined;
  // The first (cheapest) method is chosen until the operator picks another; a method no longer quoted is dropped.
  const method = options?.some((o) => o.method === picked) ? picked : (options?.[0]?.method ?? null);

  /** Choosing PICKUP opens the office picker (being the cheapest, chosen for them, would take the focus mid-typing). */
  function pickMethod(m: string) {
    setPicked(m);
    if (m === 'PICKUP' && method !== 'PICKUP' && !office) setChoosingOffice(true);
  }

  const quoteErrors =
    quote.error instanceof ApiError
      ? Object.fromEntries(
          (quote.error.problem.errors ?? []).map((f) => [QUOTE_FIELD[f.path] ?? f.path, fieldMessage(f, t)]),
        )
      : {};
  const shown = { ...quoteErrors, ...errors };
  const sender = senders.data?.find((s) => s.id === senderId) ?? senders.data?.[0];

  const set = (k: keyof Draft) => (e: { target: { value: string } }) => {
    setDraft((d) => ({ ...d, [k]: e.target.value }));
    const path = k === 'weight' || k === 'length' || k === 'width' || k === 'height' ? `/dimensions/${k}` : null;
    if (path && errors[path]) setErrors(({ [path]: _, ...rest }) => rest);
  };

  function applyPreset(key: string) {
    const p = presets.data?.find((x) => x.key === key.toLowerCase());
    if (!p) return false;
    setDraft((d) => ({ ...d, ...presetParcel(p) }));
    const next = p.weight === undefined ? 'weight' : 'content';
    requestAnimationFrame(() =>
      form.current
        ?.querySelector<HTMLInputElement>(`[name="${next === 'weight' ? '/dimensions/weight' : '/content'}"]`)
        ?.focus(),
    );
    return true;
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (create.isPending) return;
    setMessage(null);
    const current = quoteParams(draft);
    if (current && !options) {
      setMessage(quote.isError ? t('pack.noMethodParcel') : t('pack.quoting'));
      focusFirstInvalid(form.current);
      return;
    }
    if (options && options.length === 0) {
      setMessage(t('pack.noMethod'));
      return;
    }
    if (!sender) {
      setMessage(t('pack.noSender'));
      return;
    }
    try {
      const printed = await create.mutateAsync(
        withOffice(toBody(orderRef, draft, current ? method : null, sender), office),
      );
      onPrinted(printed);
    } catch (err) {
      const x = explain(err, t);
      setErrors(x.fields);
      setMessage(x.message);
      focusFirstInvalid(form.current);
    }
  }

  function keys(e: KeyboardEvent<HTMLFormElement>) {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void submit();
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onCancel();
    } else if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
      // A scanner or a habit ends with Enter: go on to the next field instead of creating a half-filled shipment.
      e.preventDefault();
      const all = [...(form.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])];
      all[all.indexOf(e.target) + 1]?.focus();
    }
  }

  return (
    <form
      ref={form}
      className="card new-shipment"
      aria-label={t('pack.newShipment')}
      onSubmit={submit}
      onKeyDown={keys}
      noValidate
    >
      <h2>
        {t('pack.newShipment')} <span className="mono">{orderRef}</span>
      </h2>
      <div className="new-grid">
        <fieldset>
          <legend>{t('pack.receiver')}</legend>
          <Field
            label={t('pack.name')}
            path="/destination/contact/name"
            errors={shown}
            value={draft.name}
            onChange={set('name')}
            autoFocus
            autoComplete="off"
          />
          <div className="pair">
            <Field
              label={t('pack.phone')}
              path="/destination/contact/phone"
              errors={shown}
              value={draft.phone}
              onChange={set('phone')}
              inputMode="tel"
              placeholder="+54…"
            />
            <Field
              label={t('pack.email')}
              path="/destination/contact/email"
              errors={shown}
              value={draft.email}
              onChange={set('email')}
              type="email"
            />
          </div>
          <Field
            label={t('pack.street')}
            path="/destination/address/street"
            errors={shown}
            value={draft.street}
            onChange={set('street')}
          />
          <div className="pair">
            <Field
              label={t('pack.city')}
              path="/destination/address/city"
              errors={shown}
              value={draft.city}
              onChange={set('city')}
            />
            <Field
              label={t('pack.province')}
              path="/destination/address/state"
              errors={shown}
              value={draft.state}
              onChange={set('state')}
            />
          </div>
          <div className="pair">
            <Field
              label={t('pack.zip')}
              path="/destination/address/zip"
              errors={shown}
              value={draft.zip}
              onChange={set('zip')}
            />
            <Field
              label={t('pack.country')}
              path="/destination/address/country"
              errors={shown}
              value={draft.country}
              onChange={set('country')}
              maxLength={2}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>{t('pack.parcel')}</legend>
          {presets.data && presets.data.length > 0 && (
            <Field
              label={t('pack.box')}
              path="/preset"
              errors={{}}
              value=""
              maxLength={1}
              onChange={(e) => applyPreset(e.target.value)}
              hint={presets.data.map((p) => (
                <span key={p.id} className="preset">
                  <kbd>{p.key}</kbd> {p.name}
                </span>
              ))}
            />
          )}
          <Field
            label={t('pack.weight')}
            path="/dimensions/weight"
            errors={shown}
            value={draft.weight}
            onChange={set('weight')}
            inputMode="decimal"
          />
          <ScaleWeight value={draft.weight} onWeight={(kg) => setDraft((d) => ({ ...d, weight: String(kg) }))} />
          <div className="triple">
            <Field
              label={t('pack.length')}
              path="/dimensions/length"
              errors={shown}
              value={draft.length}
              onChange={set('length')}
              inputMode="decimal"
            />
            <Field
              label={t('pack.width')}
              path="/dimensions/width"
              errors={shown}
              value={draft.width}
              onChange={set('width')}
              inputMode="decimal"
            />
            <Field
              label={t('pack.height')}
              path="/dimensions/height"
              errors={shown}
              value={draft.height}
              onChange={set('height')}
              inputMode="decimal"
            />
          </div>
          <Field
            label={t('pack.contents')}
            path="/content"
            errors={shown}
            value={draft.content}
            onChange={set('content')}
          />
        </fieldset>
        <fieldset className="methods">
          <legend>{t('pack.method')}</legend>
          {!params && <p className="hint">{t('pack.quoteHint')}</p>}
          {params && quote.isFetching && !options && <Loading what={t('pack.quoting')} />}
          {params && quote.isError && <p className="error">{t('pack.noMethodParcel')}</p>}
          {options && options.length === 0 && <p className="error">{t('pack.noMethod')}</p>}
          {options && options.length > 0 && (
            <QuotePicker options={options} value={method} onChange={pickMethod} error={shown['/method']} />
          )}
          <PickupOffice
            method={method}
            zip={draft.zip}
            office={office}
            onChange={setOffice}
            choosing={choosingOffice}
            onChoosing={setChoosingOffice}
          />
          {senders.data && senders.data.length > 1 ? (
            <SelectField
              label={t('pack.sender')}
              path="/origin"
              errors={shown}
              value={sender?.id ?? ''}
              onChange={(e) => setSenderId(Number(e.target.value))}
            >
              {senders.data.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label}
                </option>
              ))}
            </SelectField>
          ) : (
            <p className="hint">
              {t('pack.sender')}: {sender ? `${sender.label} — ${sender.address.city}` : t('state.loading')}
            </p>
          )}
        </fieldset>
      </div>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
      <div className="actions">
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="submit" kind="primary" busy={create.isPending} busyLabel={t('pack.creating')}>
          {t('pack.createAndPrint')}
        </Button>
        <span className="hint">
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </span>
      </div>
    </form>
  );
}
