import { useReducer, useRef, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { explain, fieldMessage } from '../../api/errors';
import { ApiError } from '../../api/client';
import type { QuoteOption, Shipment } from '../../api/types';
import { Button } from '../../components/Button';
import { Field, SelectField, useFocusFirstInvalid } from '../../components/Field';
import { e164 } from '../../components/PhoneField';
import { AddressFields } from '../../components/AddressFields';
import { Loading } from '../../components/States';
import { formatKg } from '../../i18n/numbers';
import { presetParcel } from '../../parcel/parcel';
import { usePresets, useSenders } from '../settings/queries';
import { draftOf, emptyDraft, quoteParams, QUOTE_FIELD, toBody, type Draft } from './draft';
import { newShipment, newShipmentState } from './new-shipment';
import { useCreateAndPrint, type Printed } from './mutations';
import { useQuote } from './queries';
import { QuotePicker } from './QuotePicker';
import { useDebounced } from './useDebounced';
import type { Office } from '../offices/OfficePicker';
import { OFFICE_PATH, PickupOffice, withOffice } from '../offices/PickupOffice';
import { usePlaceLookup } from '../offices/queries';
import { BoxKeyField } from '../parcel/BoxKeyField';
import { ParcelFields } from '../../parcel/ParcelFields';

const FOCUSABLE =
  'input:not([type=radio]):not([disabled]), select:not([disabled]), [role=radiogroup] input:checked, button:not([disabled])';
const ZIP = '/destination/address/zip';

/**
 * The method chosen for the operator: the cheapest that can be created as it is. PICKUP needs an office, so it is
 * never chosen by itself before one is (the operator may still pick it with its number key).
 */
export function defaultMethod(options: QuoteOption[], office: Office | null): string | null {
  return options.find((o) => o.method !== 'PICKUP' || office)?.method ?? null;
}

/**
 * A new shipment for a scanned ref (or the return of an opened one, sides swapped): receiver, parcel (a preset's
 * key fills the box), the quoted methods, and "Create and print" (Control+Enter anywhere in the form). Enter in a
 * field moves to the next one; it never creates. City and province are suggested from the postal code.
 */
export function NewShipmentForm({
  orderRef,
  returnOf,
  onPrinted,
  onCancel,
  onDirty,
}: {
  orderRef: string;
  /** A RETURN of this shipment: its receiver sends the parcel back to its sender. */
  returnOf?: Shipment | undefined;
  onPrinted: (p: Printed) => void;
  onCancel: () => void;
  /** The operator changed something: leaving now asks first. */
  onDirty: (dirty: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const placeOf = usePlaceLookup();
  const form = useRef<HTMLFormElement>(null);
  const focusInvalid = useFocusFirstInvalid(form);
  const [state, dispatch] = useReducer(newShipment, returnOf, (r) =>
    newShipmentState(r ? draftOf(r.origin, r) : emptyDraft()),
  );
  const { draft, picked, office, choosingOffice, senderId, errors, message, suggested, presetWeight } = state;
  const senders = useSenders();
  const presets = usePresets();
  const params = useDebounced(quoteParams(draft), 150);
  const quote = useQuote(params);
  const create = useCreateAndPrint();

  const options = params && !quote.isPlaceholderData ? quote.data : undefined;
  // The operator's pick while it is still quoted; else the cheapest that can be created as it is.
  const method =
    options && picked && options.some((o) => o.method === picked)
      ? picked
      : options
        ? defaultMethod(options, office)
        : null;
  const noMethod = options !== undefined && options.length === 0;

  /** Choosing PICKUP opens the office picker (being the cheapest, chosen for them, would take the focus mid-typing). */
  function pickMethod(m: string) {
    dispatch({ type: 'methodPicked', method: m, opensOffice: m === 'PICKUP' && method !== 'PICKUP' && !office });
    changed();
  }

  const quoteErrors =
    quote.error instanceof ApiError
      ? Object.fromEntries(
          (quote.error.problem.errors ?? []).map((f) => [QUOTE_FIELD[f.path] ?? f.path, fieldMessage(f, t)]),
        )
      : {};
  const shown: Record<string, string> = {
    ...quoteErrors,
    // No method reaches this postal code with this parcel: the postal code is what to look at.
    ...(noMethod ? { [ZIP]: t('pack.noMethodZip') } : {}),
    ...errors,
  };
  const sender = senders.data?.find((s) => s.id === senderId) ?? senders.data?.[0];
  // A return leaves from where the original went, and goes back to the original's sender (the form's receiver).
  const origin = returnOf ? returnOf.destination : sender;

  const changed = () => onDirty(true);
  const type = (k: keyof Draft, text: string) => {
    dispatch({ type: 'typed', key: k, text });
    changed();
  };

  /** City and province of the postal code typed, from the office directory, into whichever of them is empty. */
  async function suggestPlace() {
    const zip = draft.zip.trim();
    if (!zip || (draft.city.trim() && draft.state.trim())) return;
    try {
      const place = (await placeOf(zip))[0];
      if (!place) return;
      dispatch({ type: 'placeFound', zip, city: place.city, state: place.state });
    } catch {
      // A suggestion only: the operator types the city.
    }
  }

  function applyPreset(key: string) {
    const p = presets.data?.find((x) => x.key === key.toLowerCase());
    if (!p) return false;
    const presetWeight = p.weight !== undefined ? { name: p.name, weight: p.weight } : null;
    dispatch({ type: 'boxed', parcel: presetParcel(p, i18n.language), presetWeight });
    changed();
    const next = p.weight === undefined ? '/dimensions/weight' : '/content';
    requestAnimationFrame(() => form.current?.querySelector<HTMLInputElement>(`[name="${next}"]`)?.focus());
    return true;
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (create.isPending) return;
    dispatch({ type: 'refused', message: null });
    const current = quoteParams(draft);
    if (current && !options) {
      dispatch({ type: 'refused', message: quote.isError ? t('pack.noMethodParcel') : t('pack.quoting') });
      focusInvalid();
      return;
    }
    if (noMethod) {
      dispatch({ type: 'refused', message: t('pack.noMethod') });
      focusInvalid();
      return;
    }
    if (method === 'PICKUP' && !office) {
      const errors = { [OFFICE_PATH]: t('offices.needed') };
      dispatch({ type: 'refused', message: t('errors.fieldsNeedAttention'), errors });
      focusInvalid();
      return;
    }
    if (!origin) {
      dispatch({ type: 'refused', message: t('pack.noSender') });
      return;
    }
    try {
      const typed = { ...draft, phone: e164(draft.phone, draft.country) };
      const body = toBody(orderRef, typed, current ? method : null, origin, returnOf ? 'RETURN' : 'DELIVERY');
      onPrinted(await create.mutateAsync(withOffice(body, office)));
    } catch (err) {
      const x = explain(err, t);
      dispatch({ type: 'refused', message: x.message, errors: x.fields });
      focusInvalid();
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

  const fromZip = (k: 'city' | 'state') =>
    suggested && suggested.zip === draft.zip.trim() && draft[k] === suggested[k] ? t('pack.fromZip') : undefined;
  return (
    <form
      ref={form}
      className="card new-shipment"
      aria-label={returnOf ? t('pack.newReturn') : t('pack.newShipment')}
      onSubmit={submit}
      onKeyDown={keys}
      noValidate
    >
      <h2>
        {returnOf ? t('pack.newReturn') : t('pack.newShipment')} <span className="mono">{orderRef}</span>
        {returnOf && <span className="hint"> {t('pack.returnOf', { code: returnOf.code })}</span>}
      </h2>
      <div className="new-grid">
        <fieldset>
          <legend>{t('pack.receiver')}</legend>
          <AddressFields
            value={draft}
            onChange={type}
            errors={shown}
            at="/destination"
            with={['phone', 'email']}
            paired
            autoFocus
            onLeave={(k) => k === 'zip' && void suggestPlace()}
            hints={{ city: fromZip('city'), state: fromZip('state') }}
          />
        </fieldset>
        <fieldset>
          <legend>{t('pack.parcel')}</legend>
          <BoxKeyField presets={presets.data} onKey={applyPreset} />
          <ParcelFields
            value={draft}
            onChange={type}
            errors={shown}
            onScale={(weight) => dispatch({ type: 'weighed', weight })}
            weightHint={
              presetWeight
                ? t('pack.weightFromBox', { ...presetWeight, weight: formatKg(presetWeight.weight, i18n.language) })
                : undefined
            }
            sizesClass="triple"
          />
          <Field
            label={t('pack.contents')}
            path="/content"
            errors={shown}
            value={draft.content}
            onChange={(e) => type('content', e.target.value)}
          />
        </fieldset>
        <fieldset className="methods">
          <legend>{t('pack.method')}</legend>
          {!params && <p className="hint">{t('pack.quoteHint')}</p>}
          {params && quote.isFetching && !options && <Loading what={t('pack.quoting')} />}
          {params && quote.isError && <p className="error">{t('pack.noMethodParcel')}</p>}
          {noMethod && <p className="error">{t('pack.noMethod')}</p>}
          {options && options.length > 0 && (
            <QuotePicker options={options} value={method} onChange={pickMethod} error={shown['/method']} />
          )}
          <PickupOffice
            method={method}
            zip={draft.zip}
            office={office}
            error={shown[OFFICE_PATH]}
            onChange={(o) => {
              dispatch({ type: 'officeChosen', office: o, path: OFFICE_PATH });
              changed();
            }}
            choosing={choosingOffice}
            onChoosing={(choosing) => dispatch({ type: 'choosingOffice', choosing })}
          />
          {returnOf ? (
            <p className="hint">
              {t('pack.returnFrom', {
                name: returnOf.destination.contact.name,
                city: returnOf.destination.address.city,
              })}
            </p>
          ) : senders.data && senders.data.length > 1 ? (
            <SelectField
              label={t('pack.sender')}
              path="/origin"
              errors={shown}
              value={sender?.id ?? ''}
              onChange={(e) => dispatch({ type: 'senderChosen', id: Number(e.target.value) })}
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
