import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directAccount, shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';

/**
 * The rules across fields are in the schemas now (if/then/else, dependentRequired), so that a client generated
 * from the document refuses what the service refuses. Each must still be refused with the problem details it had
 * when the service checked it by hand: the same field and the same words.
 */
describe('rules across fields: one field and one message each, as before they were in the schemas', () => {
  let s: Station;
  let token: string;
  let office: number;

  beforeAll(async () => {
    s = await startInProcess();
    token = (await directAccount(s, 'acme', ['shipments.read', 'shipments.write', 'rates.read'])).token;
    office = (await s.request('GET', '/offices?near=-31.4135,-64.1811&size=1', { token })).body.data[0].id;
  });
  afterAll(() => s.stop());

  const problem = (path: string, message: string, code: string, params?: Record<string, unknown>) => ({
    type: 'about:blank',
    title: 'Validation failed',
    status: 400,
    code: 'validation_failed',
    detail: `${path.slice(1).split('/').join('.')} ${message}`,
    errors: [{ path, message, code, ...(params ? { params } : {}) }],
  });
  const pickup = 'method=PICKUP';
  const create = async (over: Record<string, unknown>) =>
    (await s.request('POST', '/shipments', { token, body: shipmentBody(over) })).body;
  const { address: _address, ...receiver } = shipmentBody().destination;

  it('PICKUP needs an office and type DELIVERY; office only with PICKUP; destination.address unless PICKUP', async () => {
    expect(await create({ method: 'PICKUP', destination: receiver })).toEqual(
      problem('/office', 'is required with method PICKUP', 'required', { with: pickup }),
    );
    expect(await create({ method: 'PICKUP', office, type: 'RETURN', destination: receiver })).toEqual(
      problem('/type', 'must be DELIVERY with method PICKUP', 'const', { value: 'DELIVERY', with: pickup }),
    );
    const officeRefused = problem('/office', 'is only accepted with method PICKUP', 'not_allowed', {
      only_with: pickup,
    });
    expect(await create({ method: 'EXPRESS', office })).toEqual(officeRefused);
    expect(await create({ office })).toEqual(officeRefused);
    expect(await create({ destination: receiver })).toEqual(problem('/destination/address', 'is required', 'required'));
    expect(await create({ method: 'STANDARD', destination: receiver })).toEqual(
      problem('/destination/address', 'is required', 'required'),
    );
    // And what they allow.
    expect((await create({ method: 'PICKUP', office, destination: receiver })).method).toBe('PICKUP');
    expect((await create({ method: 'EXPRESS' })).method).toBe('EXPRESS');
  });

  it('a quote takes lat and lng together, else zip', async () => {
    const quote = async (q: string) => (await s.request('GET', `/quote?${q}`, { token })).body;
    expect(await quote('lat=-31.4')).toEqual(problem('/lng', 'is required with lat', 'required', { with: 'lat' }));
    expect(await quote('lng=-64.1&zip=5000')).toEqual(
      problem('/lat', 'is required with lng', 'required', { with: 'lng' }),
    );
    expect(await quote('size=S')).toEqual(problem('/zip', 'is required when lat and lng are not given', 'required'));
    expect(Array.isArray(await quote('lat=-31.4&lng=-64.1'))).toBe(true);
    expect(Array.isArray(await quote('zip=5000'))).toBe(true);
  });
});
