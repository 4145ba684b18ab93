import { useEffect, useState } from 'react';
import { type StationClient, errorMessage } from '../api/client';
import type { Shipment, TrackingEvent } from '../api/types';

/** One shipment: who it goes to, its tracking history, and what can still be done with it. */
export function ShipmentDetail({ client, code, onChanged }: { client: StationClient; code: string; onChanged: () => void }) {
  const [shipment, setShipment] = useState<Shipment | null>(null);
  const [events, setEvents] = useState<TrackingEvent[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    try {
      const [s, ev] = await Promise.all([
        client.call('shipments.get', { params: { id: code } }),
        client.call('events.list', { params: { id: code } }),
      ]);
      setShipment(s);
      setEvents(ev);
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  useEffect(() => {
    void load();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [code]);

  async function cancel() {
    setBusy(true);
    setError(null);
    try {
      await client.call('shipments.cancel', { params: { id: code } });
      await load();
      onChanged();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  if (!shipment) return <section className="card detail">{error ? <p role="alert">{error}</p> : <p>Loading…</p>}</section>;
  const d = shipment.destination;
  const cancelable = ['TO_CONFIRM', 'TO_COLLECT', 'TO_RECOVER'].includes(shipment.status);
  return (
    <section className="card detail" aria-label={`Shipment ${shipment.code}`}>
      <h2 className="mono">{shipment.code}</h2>
      <p>
        <strong>{shipment.status}</strong> · {shipment.method} · {shipment.type} · ref {shipment.ref}
        {shipment.twin && ` · package ${shipment.number} of ${shipment.twin}`}
      </p>
      <h3>Receiver</h3>
      <p>
        {d.contact.name}
        {d.contact.phone && ` · ${d.contact.phone}`}
        <br />
        {d.address.street}, {d.address.zip} {d.address.city}, {d.address.state}, {d.address.country}
      </p>
      <p>{shipment.dimensions.weight} kg · {shipment.dimensions.length}×{shipment.dimensions.width}×{shipment.dimensions.height} cm</p>
      <h3>Tracking</h3>
      <ol className="events">
        {events.map((e) => (
          <li key={e.id}>
            <time dateTime={e.date}>{new Date(e.date).toLocaleString()}</time> — {e.status}
            {e.sub_status && ` (${e.sub_status})`}
            {e.issue && ` · ${e.issue}`}
          </li>
        ))}
      </ol>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {cancelable && (
        <button type="button" className="danger" disabled={busy} onClick={() => void cancel()}>
          {busy ? 'Canceling…' : 'Cancel shipment'}
        </button>
      )}
    </section>
  );
}
