import { shipmentBody } from '../helpers/fixtures.js';
export { directAccount as accountWithToken } from '../helpers/fixtures.js';
import type { Station } from '../helpers/station.js';

/** Names that a Latin-1 font cannot print and that are long enough to need shrinking or wrapping. */
export const LONG_ACCENTED = {
  name: 'Zofia Łukasiewicz-Ğündoğdu Świętosławska y Ñúñez de Guzmán Müller-Øverlândssø',
  street: 'ulica Świętokrzyska 1234 m. 56, klatka schodowa B, piętro 7 (wejście od podwórza, domofon 56Ş)',
  city: 'Kraków-Śródmieście Żółćgęślą',
};

/** Creates a shipment through the API and returns its body (code, id, …). */
export async function createShipment(s: Station, token: string, over: Record<string, unknown> = {}) {
  const r = await s.request('POST', '/shipments', { token, body: shipmentBody(over) });
  if (r.status !== 201) throw new Error(`create failed: ${r.status} ${r.text}`);
  return r.body as { id: number; code: string; labelled_at: string | null; status: string };
}

export function accentedBody() {
  return {
    destination: {
      contact: { name: LONG_ACCENTED.name, phone: '+48123456789' },
      address: {
        street: LONG_ACCENTED.street,
        city: LONG_ACCENTED.city,
        state: 'Małopolskie',
        country: 'PL',
        zip: '30-001',
      },
    },
  };
}

/** Downloads a label url (no token) and returns status, content type and bytes. */
export async function download(url: string): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const res = await fetch(url);
  return { status: res.status, type: res.headers.get('content-type'), bytes: new Uint8Array(await res.arrayBuffer()) };
}
