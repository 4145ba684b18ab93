import { useState, type FormEvent } from 'react';
import { ApiError, type OpInput, type StationClient } from '../api/client';
import type { QuoteOption, Shipment, ShipmentPage } from '../api/types';
import { Field } from '../components/Field';
import { PrintButton } from '../components/PrintButton';

const SENDER_KEY = 'station.sender';
const SIZES = ['S', 'M', 'L', 'XL'] as const;

type Form = Record<string, string>;

const blank: Form = {
  name: '', phone: '', email: '', street: '', city: '', state: '', zip: '', country: 'AR',
  weight: '', length: '', width: '', height: '', content: '',
};

function savedSender(): Form {
  try {
    return { name: '', street: '', city: '', state: '', zip: '', country: 'AR', ...JSON.parse(localStorage.getItem(SENDER_KEY) ?? '{}') };
  } catch {
    return { name: '', street: '', city: '', state: '', zip: '', country: 'AR' };
  }
}

const num = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : Number(v.replace(',', '.')));
const optional = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/** Street to country of one party; the paths match the API's field names so its errors land beside them. */
function AddressFields({
  prefix,
  errors,
  values,
  onChange,
}: {
  prefix: string;
  errors: Record<string, string>;
  values: Form;
  onChange: (k: string) => (e: { target: { value: string } }) => void;
}) {
  const fields = [
    ['street', 'Street and number'],
    ['city', 'City'],
    ['state', 'Province'],
    ['zip', 'Postal code'],
    ['country', 'Country'],
  ] as const;
  return (
    <>
      {fields.map(([k, label]) => (
        <Field
          key={k}
          label={label}
          path={`${prefix}/address/${k}`}
          errors={errors}
          value={values[k] ?? ''}
          onChange={onChange(k)}
          {...(k === 'country' ? { maxLength: 2 } : {})}
        />
      ))}
    </>
  );
}

/** The packing desk's main flow: scan the order, weigh it, pick a method, print. */
export function Pack({ client }: { client: StationClient }) {
  const [ref, setRef] = useState('');
  const [found, setFound] = useState<Shipment | null>(null);
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<Form>(blank);
  const [sender, setSender] = useState<Form>(savedSender);
  const [size, setSize] = useState<(typeof SIZES)[number]>('M');
  const [quotes, setQuotes] = useState<QuoteOption[] | null>(null);
  const [method, setMethod] = useState('STANDARD');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = (k: string) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value });
  const setS = (k: string) => (e: { target: { value: string } }) => setSender({ ...sender, [k]: e.target.value });

  function fail(e: unknown) {
    if (e instanceof ApiError) {
      setMessage(e.problem.detail);
      setErrors(Object.fromEntries((e.problem.errors ?? []).map((x) => [x.path, x.message])));
    } else setMessage(String(e));
  }

  async function scan(e: FormEvent) {
    e.preventDefault();
    const wanted = ref.trim();
    if (!wanted) return;
    setMessage(null);
    setErrors({});
    setFound(null);
    setQuotes(null);
    try {
      const page = await client.call('shipments.search', { query: { q: wanted, size: 100 } });
      const match = page.data.find((s) => s.ref.toLowerCase() === wanted.toLowerCase());
      if (match) {
        setFound(match);
        setEditing(false);
      } else {
        setForm(blank);
        setEditing(true);
      }
    } catch (err) {
      fail(err);
    }
  }

  async function quote() {
    setMessage(null);
    try {
      const options = await client.call('quote.get', { query: { zip: form.zip ?? '', size } });
      setQuotes(options);
      if (options[0] && !options.some((o) => o.method === method)) setMethod(options[0].method);
    } catch (err) {
      fail(err);
    }
  }

  async function create(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setMessage(null);
    setErrors({});
    localStorage.setItem(SENDER_KEY, JSON.stringify(sender));
    try {
      // The form is a draft: the service validates it and names each wrong field, shown beside that field.
      const draft = {
          ref: ref.trim(),
          type: 'DELIVERY',
          method,
          content: optional(form.content),
          origin: {
            contact: { name: sender.name },
            address: { street: sender.street, city: sender.city, state: sender.state, zip: sender.zip, country: sender.country },
          },
          destination: {
            contact: { name: form.name, phone: optional(form.phone), email: optional(form.email) },
            address: { street: form.street, city: form.city, state: form.state, zip: form.zip, country: form.country },
          },
          dimensions: { weight: num(form.weight), length: num(form.length), width: num(form.width), height: num(form.height) },
      };
      const shipment = await client.call('shipments.create', { body: draft as OpInput<'shipments.create'>['body'] });
      setFound(shipment);
      setEditing(false);
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="pack">
      <form className="card scan" onSubmit={scan} role="search">
        <label className="field">
          Order
          <input aria-label="Order reference" placeholder="Scan or type the order number" value={ref} onChange={(e) => setRef(e.target.value)} autoFocus />
        </label>
        <button type="submit">Find</button>
      </form>

      {message && (
        <p role="alert" className="error">
          {message}
        </p>
      )}

      {found && (
        <section className="card" aria-label="Packed shipment">
          <h2 className="mono">{found.code}</h2>
          <p>
            {found.ref} · {found.destination.contact.name} · {found.destination.address.city} · {found.method} · <strong>{found.status}</strong>
          </p>
          {found.status !== 'CANCELED' && <PrintButton client={client} codes={[found.code]} />}
        </section>
      )}

      {editing && (
        <form className="card grid" onSubmit={create} aria-label="New shipment" noValidate>
          <fieldset>
            <legend>Receiver</legend>
            <Field label="Name" path="/destination/contact/name" errors={errors} value={form.name} onChange={set('name')} />
            <Field label="Phone (+54…)" path="/destination/contact/phone" errors={errors} value={form.phone} onChange={set('phone')} />
            <Field label="E-mail" path="/destination/contact/email" errors={errors} value={form.email} onChange={set('email')} />
            <AddressFields prefix="/destination" errors={errors} values={form} onChange={set} />
          </fieldset>
          <fieldset>
            <legend>Parcel</legend>
            <Field label="Weight (kg)" path="/dimensions/weight" errors={errors} inputMode="decimal" value={form.weight} onChange={set('weight')} />
            <Field label="Length (cm)" path="/dimensions/length" errors={errors} inputMode="decimal" value={form.length} onChange={set('length')} />
            <Field label="Width (cm)" path="/dimensions/width" errors={errors} inputMode="decimal" value={form.width} onChange={set('width')} />
            <Field label="Height (cm)" path="/dimensions/height" errors={errors} inputMode="decimal" value={form.height} onChange={set('height')} />
            <Field label="Contents" path="/content" errors={errors} value={form.content} onChange={set('content')} />
            <label className="field">
              Size
              <select value={size} onChange={(e) => setSize(e.target.value as (typeof SIZES)[number])}>
                {SIZES.map((s) => (
                  <option key={s}>{s}</option>
                ))}
              </select>
            </label>
            <button type="button" onClick={() => void quote()}>
              Quote methods
            </button>
            {quotes && quotes.length === 0 && <p>No method serves this postal code.</p>}
            {quotes && quotes.length > 0 && (
              <div role="radiogroup" aria-label="Shipping method" className="quotes">
                {quotes.map((q) => (
                  <label key={q.method}>
                    <input type="radio" name="method" checked={method === q.method} onChange={() => setMethod(q.method)} />
                    {q.title || q.name} — {q.rate.toFixed(2)} {q.currency} — {new Date(q.max_date).toLocaleDateString()}
                  </label>
                ))}
              </div>
            )}
          </fieldset>
          <fieldset>
            <legend>Sender (kept on this desk)</legend>
            <Field label="Name" path="/origin/contact/name" errors={errors} value={sender.name} onChange={setS('name')} />
            <AddressFields prefix="/origin" errors={errors} values={sender} onChange={setS} />
          </fieldset>
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create shipment'}
          </button>
        </form>
      )}
    </main>
  );
}
