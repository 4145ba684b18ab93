import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { type StationClient, errorMessage } from '../api/client';
import type { Shipment, ShipmentPage } from '../api/types';
import { ShipmentDetail } from './ShipmentDetail';
import { PrintButton } from '../components/PrintButton';

const SHORTCUTS = [
  { value: '', label: 'All' },
  { value: 'PENDING', label: 'To label' },
  { value: 'ACTIVE', label: 'In transit' },
] as const;

/** Search: what an operator does all day — find an order by name, ref, code or zip, and open it. */
export function Shipments({ client }: { client: StationClient }) {
  const [q, setQ] = useState('');
  const [shortcut, setShortcut] = useState('');
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<ShipmentPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);

  const load = useCallback(
    async (query: string, sc: string, p: number) => {
      setLoading(true);
      setError(null);
      try {
        setResult(
          await client.call('shipments.search', {
            query: { q: query, ...(sc ? { shortcut: sc as 'PENDING' | 'ACTIVE' } : {}), page: p, size: 25 },
          }),
        );
      } catch (err) {
        setError(errorMessage(err));
      } finally {
        setLoading(false);
      }
    },
    [client],
  );

  useEffect(() => {
    void load(q, shortcut, page);
    // q is applied on submit, not on every keystroke.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load, shortcut, page]);

  function submit(e: FormEvent) {
    e.preventDefault();
    setPage(1);
    void load(q, shortcut, 1);
  }

  return (
    <main className="layout">
      <section className="card list">
        <form className="search" role="search" onSubmit={submit}>
          <input
            aria-label="Search shipments"
            placeholder="Name, ref, code, zip…"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            autoFocus
          />
          <button type="submit">Search</button>
        </form>
        <div className="tabs" role="tablist">
          {SHORTCUTS.map((s) => (
            <button
              key={s.value}
              role="tab"
              aria-selected={shortcut === s.value}
              onClick={() => {
                setShortcut(s.value);
                setPage(1);
              }}
            >
              {s.label}
            </button>
          ))}
        </div>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        <p className="status" aria-live="polite">
          {loading ? 'Loading…' : result ? `${result.items} shipment${result.items === 1 ? '' : 's'}` : ''}
        </p>
        {shortcut === 'PENDING' && result && result.data.length > 0 && (
          // The page's labels as one job: the queue reports n of N while it prints.
          <PrintButton
            key={result.data.map((s) => s.code).join()}
            client={client}
            codes={result.data.map((s) => s.code)}
            label={`Print ${result.data.length} label${result.data.length === 1 ? '' : 's'}`}
            onDone={() => void load(q, shortcut, page)}
          />
        )}
        <table>
          <thead>
            <tr>
              <th>Code</th>
              <th>Ref</th>
              <th>Receiver</th>
              <th>City</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {result?.data.map((s) => (
              <tr
                key={s.id}
                className={selected === s.code ? 'selected' : ''}
                onClick={() => setSelected(s.code)}
                tabIndex={0}
                onKeyDown={(e) => e.key === 'Enter' && setSelected(s.code)}
              >
                <td className="mono">{s.code}</td>
                <td>{s.ref}</td>
                <td>{s.destination.contact.name}</td>
                <td>{s.destination.address.city}</td>
                <td>{s.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {result && result.pages > 1 && (
          <nav className="pager" aria-label="Pages">
            <button disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </button>
            <span>
              Page {page} of {result.pages}
            </span>
            <button disabled={result.last} onClick={() => setPage(page + 1)}>
              Next
            </button>
          </nav>
        )}
      </section>
      {selected && (
        <ShipmentDetail
          key={selected}
          client={client}
          code={selected}
          onChanged={() => void load(q, shortcut, page)}
        />
      )}
    </main>
  );
}
