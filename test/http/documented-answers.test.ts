import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextKeywords } from '../../core/platform/validation.js';
import { admin, packageBody, shipmentBody } from '../helpers/fixtures.js';
import { startStation, type Station } from '../helpers/station.js';

type Json = Record<string, any>;

describe('refusals as the served document describes them, from outside over HTTP', () => {
  let s: Station;
  let token: string;
  let doc: Json;
  /** Whether `value` conforms to `schema` of the served document, its components at hand. */
  let conforms: (schema: Json, value: unknown) => string | true;

  beforeAll(async () => {
    s = await startStation();
    const a = await admin(s);
    token = (await a.token(await a.account('shop'), ['shipments.read', 'shipments.write'])).token;
    await a.close();
    doc = (await s.request('GET', '/openapi.json')).body;
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addVocabulary(nextKeywords);
    conforms = (schema, value) =>
      ajv.validate({ ...schema, components: doc.components }, value) || ajv.errorsText(ajv.errors);
  });
  afterAll(() => s.stop());

  it('documents 409 duplicate_ref with `existing` on create and on adding a package, and a real one conforms', async () => {
    const first = await s.request('POST', '/shipments', { token, body: shipmentBody() });
    expect(first.status, first.text).toBe(201);
    const pkg = await s.request('POST', `/shipments/${first.body.code}/packages`, { token, body: packageBody() });
    expect(pkg.status, pkg.text).toBe(201);
    const refusals = {
      '/shipments': await s.request('POST', '/shipments', { token, body: shipmentBody({ ref: first.body.ref }) }),
      '/shipments/{id}/packages': await s.request('POST', `/shipments/${first.body.code}/packages`, {
        token,
        body: packageBody({ ref: pkg.body.ref }),
      }),
    };
    for (const [path, refused] of Object.entries(refusals)) {
      expect(refused.status, path).toBe(409);
      // The 409 of a create is its duplicate_ref, or an Idempotency-Key still being answered (plain problem details).
      const conflict = doc.paths[path].post.responses['409'].content['application/problem+json'].schema;
      expect(conflict.anyOf, path).toContainEqual({ $ref: '#/components/schemas/DuplicateRefProblem' });
      const documented = { $ref: '#/components/schemas/DuplicateRefProblem' };
      expect(conforms(documented, refused.body), path).toBe(true);
      // The schema holds the service to `existing`: a refusal without it would not conform.
      const { existing, ...without } = refused.body;
      expect(existing, path).toEqual(
        path === '/shipments'
          ? { id: first.body.id, code: first.body.code }
          : {
              id: pkg.body.id,
              code: pkg.body.code,
            },
      );
      expect(conforms(documented, without), path).not.toBe(true);
    }
  });

  it('lists the known problem codes in Problem.code, open to codes it does not list yet', async () => {
    const code = doc.components.schemas.Problem.properties.code;
    expect(code.anyOf).toEqual([{ $ref: '#/components/schemas/ProblemCode' }, { type: 'string' }]);
    const known: string[] = doc.components.schemas.ProblemCode.enum;
    expect(known).toEqual(expect.arrayContaining(['validation_failed', 'not_found', 'duplicate_ref', 'invalid_state']));
    const answers = [
      await s.request('GET', '/shipments/NOSUCHCODE', { token }),
      await s.request('GET', '/shipments?colour=red', { token }),
      await s.request('GET', '/shipments'),
      await s.request('POST', '/shipments', { token, rawBody: '{', headers: { 'content-type': 'application/json' } }),
    ];
    for (const r of answers) {
      expect(known, r.text).toContain(r.body.code);
      expect(conforms({ $ref: '#/components/schemas/Problem' }, r.body), r.text).toBe(true);
    }
    // Open: a code of a later version still conforms.
    expect(conforms({ $ref: '#/components/schemas/Problem' }, { ...answers[0]!.body, code: 'a_later_code' })).toBe(
      true,
    );
  });
});
