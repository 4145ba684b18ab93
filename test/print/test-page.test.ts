import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonoRaster } from '../../core/platform/drawing/raster-types.js';
import { isBlack } from '../../core/platform/drawing/mono-raster.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { decodeZpl } from './decode.js';
import { SINK_PORTS, startSink, type Sink } from './sink.js';

/** The page's bands of ink from the top (rows with a black dot, a few white rows apart): bars, name, QR. */
function bands(r: MonoRaster): MonoRaster[] {
  const inked = (y: number) => Array.from({ length: r.width }, (_, x) => isBlack(r, x, y)).some(Boolean);
  const out: Array<[number, number]> = [];
  for (let y = 0; y < r.height; y++) {
    if (!inked(y)) continue;
    const last = out.at(-1);
    if (last && y - last[1] <= 3) last[1] = y;
    else out.push([y, y]);
  }
  return out.map(([from, to]) => ({
    ...r,
    height: to - from + 1,
    data: r.data.subarray(from * r.stride, (to + 1) * r.stride),
  }));
}

describe("the printer test page says the printer's name as the operator wrote it", () => {
  let s: Station;
  let sink: Sink;
  let token: string;
  beforeAll(async () => {
    s = await startInProcess({ env: { STATION_PRINTER_PORTS: SINK_PORTS } });
    sink = await startSink('zpl');
    token = await s.token(await s.account('bench'), ['station.admin', 'shipments.write']);
  });
  afterAll(async () => {
    await s?.stop();
    await sink?.stop();
  });

  /** The name's line, as the raw printer received it (the ZPL bytes decoded back to dots). */
  async function nameLine(name: string): Promise<Buffer> {
    const made = await s.request('POST', '/printers', { token, body: { name, driver: 'zpl', connection: sink.url } });
    expect(made.status, made.text).toBe(201);
    const r = await s.request('POST', `/printers/${encodeURIComponent(name)}/test`, { token });
    expect(r.body).toEqual({ accepted: true, error: null });
    const page = bands(decodeZpl(sink.jobs.at(-1)!));
    expect(page, 'bars, the name, the QR').toHaveLength(3);
    return Buffer.from(page[1]!.data);
  }

  it('"Térmica Mostrador" prints its é: not the line of "T rmica Mostrador", nor of "Termica Mostrador"', async () => {
    const accented = await nameLine('Térmica Mostrador');
    expect(accented.equals(await nameLine('T rmica Mostrador')), 'é printed as a gap').toBe(false);
    expect(accented.equals(await nameLine('Termica Mostrador')), 'é printed as e').toBe(false);
  });
});
