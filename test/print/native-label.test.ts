import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { asPrinted, escposLines } from './decode.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/**
 * Issue 29, item 3: a label an ESC/POS printer draws itself (native mode) is a label like any other. Its shipment
 * is labelled (no PATCH after it), and it shows what the contract says every label shows, weight and office too.
 */
describe('a label printed in ESC/POS native mode, read back from the printer’s bytes', () => {
  let s: Station;
  let sink: Sink;
  let token: string;
  let office: { id: number; code: string; name: string };

  beforeAll(async () => {
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    sink = await startSink('escpos');
    token = (await directAccount(s, 'acme', ['shipments.read', 'shipments.write', 'rates.read'])).token;
    office = (await s.request('GET', '/offices?near=-31.4135,-64.1811&size=1', { token })).body.data[0];
    const printer = await s.request('POST', '/printers', {
      token,
      body: { name: 'tm-t20', driver: 'escpos', connection: sink.url, settings: { native: true } },
    });
    expect(printer.status, printer.text).toBe(201);
  });
  afterAll(async () => {
    await s?.stop();
    await sink?.stop();
  });

  /** Prints `code` on the native printer; the lines it printed. */
  async function print(code: string): Promise<string[]> {
    const before = sink.jobs.length;
    const job = await s.request('POST', '/print-jobs', { token, body: { codes: [code], printer: 'tm-t20' } });
    expect(job.status, job.text).toBe(202);
    await expect
      .poll(async () => (await s.request('GET', `/print-jobs/${job.body.id}`, { token })).body.state)
      .toBe('done');
    const [printed] = (await sink.waitForJobs(before + 1)).slice(before);
    return escposLines(printed!);
  }

  it('sets labelled_at as a drawn label does: a PATCH after it is 409 invalid_state', async () => {
    const created = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(created.body.labelled_at).toBeNull();
    await print(created.body.code);

    const after = await s.request('GET', `/shipments/${created.body.code}`, { token });
    expect(after.body.labelled_at).not.toBeNull();
    const patch = await s.request('PATCH', `/shipments/${created.body.code}`, {
      token,
      body: { dimensions: { ...created.body.dimensions, weight: 9 } },
    });
    expect(patch.status, patch.text).toBe(409);
    expect(patch.body.code).toBe('invalid_state');
    // A second label is a reprint, asked as such.
    const again = await s.request('POST', '/print-jobs', {
      token,
      body: { codes: [created.body.code], printer: 'tm-t20' },
    });
    expect(again.status).toBe(409);
  });

  it('shows the weight, and for PICKUP the office’s code and name, with the rest of the label', async () => {
    const { address: _address, ...receiver } = shipmentBody().destination;
    const body = shipmentBody({
      method: 'PICKUP',
      office: office.id,
      destination: receiver,
      dimensions: { length: 30, width: 20, height: 10, weight: 2.35 },
    });
    const created = await s.request('POST', '/shipments', { token, body });
    expect(created.status, created.text).toBe(201);
    const lines = await print(created.body.code);

    // In Spanish: the station's rate card leaves from Argentina.
    expect(lines).toEqual(
      expect.arrayContaining([
        'SUCURSAL DE RETIRO:',
        office.code,
        asPrinted(office.name),
        `REFERENCIA: ${body.ref}`,
        'PESO: 2,35 kg',
        'DESTINATARIO:',
        asPrinted(receiver.contact.name),
        'REMITENTE:',
        asPrinted(body.origin.contact.name),
      ]),
    );
    // The method and type come after the symbols' commands, on the same line as them.
    expect(lines.some((l) => l.endsWith(asPrinted('RETIRO EN SUCURSAL ENTREGA')))).toBe(true);
  });
});
