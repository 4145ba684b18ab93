import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_ERROR_CODES } from '../../core/shared/schemas/codes.js';
import { ALL_PERMISSIONS, startInProcess, type Station } from '../helpers/station.js';
import { admin, shipmentBody, withPath } from './fixtures.js';

/**
 * Each refused field carries a stable `code` and its `params` beside the English `message`, so that a client (the
 * desk) says it in its own words without reading the English. The message and path stay what they were.
 */
describe('field errors by code and pointer', () => {
  let s: Station;
  let token: string;

  beforeAll(async () => {
    s = await startInProcess();
    const a = await admin(s);
    token = (await a.token(await a.account('acme'), ALL_PERMISSIONS)).token;
    await a.close();
  });
  afterAll(() => s.stop());

  const refusedCreate = async (path: string, value: unknown) => {
    const r = await s.request('POST', '/shipments', { token, body: withPath(shipmentBody(), path, value) });
    expect(r.status, `${path} = ${JSON.stringify(value)}`).toBe(400);
    return r.body.errors.find((e: { path: string }) => e.path === path);
  };

  it('says what the schema refused: required, not allowed, lengths, limits, type, enum', async () => {
    expect(await refusedCreate('/destination/address/zip', undefined)).toEqual({
      path: '/destination/address/zip',
      message: 'is required',
      code: 'required',
    });
    expect(await refusedCreate('/destination/contact/nickname', 'x')).toEqual({
      path: '/destination/contact/nickname',
      message: 'is not allowed',
      code: 'not_allowed',
    });
    expect(await refusedCreate('/destination/address/city', '   ')).toEqual({
      path: '/destination/address/city',
      message: 'must be 1 to 500 characters',
      code: 'min_length',
      params: { limit: 1 },
    });
    expect(await refusedCreate('/notes', 'x'.repeat(501))).toMatchObject({
      code: 'max_length',
      params: { limit: 500 },
    });
    expect(await refusedCreate('/dimensions/weight', 0)).toEqual({
      path: '/dimensions/weight',
      message: 'must be > 0',
      code: 'exclusive_minimum',
      params: { limit: 0 },
    });
    expect(await refusedCreate('/dimensions/height', 100001)).toMatchObject({
      code: 'maximum',
      params: { limit: 100000 },
    });
    expect(await refusedCreate('/value', -1)).toMatchObject({ code: 'minimum', params: { limit: 0 } });
    expect(await refusedCreate('/dimensions/length', 'long')).toMatchObject({
      code: 'type',
      params: { type: 'number' },
    });
    expect(await refusedCreate('/type', 'GIFT')).toMatchObject({
      code: 'enum',
      params: { allowed: expect.arrayContaining(['DELIVERY', 'RETURN']) },
    });
  });

  it('names what a value must be: phone, e-mail, country', async () => {
    expect(await refusedCreate('/destination/contact/phone', '351 123')).toEqual({
      path: '/destination/contact/phone',
      message: 'must be E.164: + then 8 to 15 digits',
      code: 'format',
      params: { format: 'phone' },
    });
    expect(await refusedCreate('/destination/contact/email', 'ana@')).toMatchObject({
      message: 'must be an e-mail address',
      code: 'format',
      params: { format: 'email' },
    });
    expect(await refusedCreate('/destination/address/country', 'XX')).toEqual({
      path: '/destination/address/country',
      message: 'must be an ISO 3166-1 alpha-2 country code',
      code: 'format',
      params: { format: 'country' },
    });
  });

  it("says what the service's own rules refused, with what the words need", async () => {
    const pickup = await s.request('POST', '/shipments', { token, body: shipmentBody({ method: 'PICKUP' }) });
    expect(pickup.body.errors).toEqual([
      {
        path: '/office',
        message: 'is required with method PICKUP',
        code: 'required',
        params: { with: 'method=PICKUP' },
      },
    ]);
    const office = await s.request('POST', '/shipments', { token, body: shipmentBody({ office: 1 }) });
    expect(office.body.errors).toEqual([
      {
        path: '/office',
        message: 'is only accepted with method PICKUP',
        code: 'not_allowed',
        params: { only_with: 'method=PICKUP' },
      },
    ]);
    const dates = await s.request('GET', '/shipments?date_range_min=2026-03-02&date_range_max=2026-03-01', { token });
    expect(dates.body.errors).toEqual([
      {
        path: '/date_range_max',
        message: 'must not be before date_range_min',
        code: 'order',
        params: { other: 'date_range_min' },
      },
    ]);
    const zone = await s.request('PUT', '/station/settings', { token, body: { time_zone: 'Mars/Olympus' } });
    expect(zone.body.errors).toEqual([
      {
        path: '/time_zone',
        message: 'unknown time zone Mars/Olympus',
        code: 'unknown',
        params: { value: 'Mars/Olympus' },
      },
    ]);
    const labels = await s.request('GET', '/labels?code=ABC,,DEF', { token });
    expect(labels.body.errors).toMatchObject([{ path: '/code', code: 'required' }]);
  });

  it('every code the service sends is one the OpenAPI Problem schema documents', async () => {
    const doc = (await s.request('GET', '/openapi.json')).body;
    expect(doc.components.schemas.Problem.properties.errors.items).toEqual({ $ref: '#/components/schemas/FieldError' });
    const item = doc.components.schemas.FieldError;
    expect(item.required).toEqual(['path', 'message', 'code']);
    expect(item.properties.code.enum).toEqual([...FIELD_ERROR_CODES]);
    expect(item.properties.params.type).toBe('object');
  });
});
