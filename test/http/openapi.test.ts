import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/app/index.js';
import { buildServer } from '../../core/adapters/http/server.js';
import { createdLocations } from '../../core/adapters/http/location.js';
import { operations } from '../../core/app/operation-table.js';
import { nextKeywords } from '../../core/platform/validation.js';
import { shipmentBody } from '../helpers/fixtures.js';
import { ROOT } from '../helpers/station.js';

type Json = Record<string, any>;
const execFileP = promisify(execFile);

describe('the OpenAPI document integrators generate clients from', () => {
  let dir: string;
  let core: Core;
  let app: FastifyInstance;
  let doc: Json;
  const ops = () =>
    Object.entries<Json>(doc.paths).flatMap(([path, item]) =>
      Object.entries<Json>(item).map(([method, op]) => ({ path, method, op })),
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'station-'));
    core = await createCore({ dataDir: dir, printQueue: false });
    app = await buildServer(core);
    doc = (await app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
  });
  afterAll(async () => {
    await app.close();
    await core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('names its server, so paths are relative to it', () => {
    expect(doc.servers).toEqual([expect.objectContaining({ url: '/v1' })]);
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/v1'))).toBe(false);
    expect(doc.paths['/shipments/{id}/cancel'].post).toBeDefined();
  });

  it('declares every error as application/problem+json, a 5XX too, with the headers each answer carries', () => {
    let errors = 0;
    for (const { path, method, op } of ops()) {
      for (const [status, res] of Object.entries<Json>(op.responses)) {
        expect(res.headers?.RateLimit, `${method} ${path} ${status}`).toBeDefined();
        expect(res.headers?.['X-Request-Id'], `${method} ${path} ${status}`).toBeDefined();
        // A HEAD answer has no body to describe.
        if (!/^[45]/.test(status) || method === 'head') continue;
        errors++;
        expect(Object.keys(res.content), `${method} ${path} ${status}`).toEqual(['application/problem+json']);
      }
      expect(op.responses['5XX'], `${method} ${path}`).toBeDefined();
      expect(op.responses['429'].headers['Retry-After'], `${method} ${path}`).toBeDefined();
      if (op.security?.length !== 0)
        expect(op.responses['401'].headers['WWW-Authenticate'], `${method} ${path}`).toBeDefined();
      if (op.responses['201']) expect(op.responses['201'].headers.Location, `${method} ${path}`).toBeDefined();
    }
    expect(errors).toBeGreaterThan(100);
    expect(doc.components.headers['RateLimit-Policy'].description).toMatch(/per token/);
  });

  it('describes the token-free paths: the JWKS with its schema, the PDF download, the document itself', () => {
    const jwks = doc.paths['/.well-known/jwks.json'].get;
    expect(jwks.security).toEqual([]);
    expect(jwks.responses['200'].content['application/jwk-set+json'].schema).toEqual({
      $ref: '#/components/schemas/Jwks',
    });
    expect(doc.components.schemas.Jwks.properties.keys.items.properties.crv.const).toBe('Ed25519');
    for (const method of ['get', 'head']) {
      const self = doc.paths['/openapi.json'][method];
      expect(self.security, method).toEqual([]);
      expect(self.tags, method).toEqual(['Document']);
    }
    const pdf = doc.paths['/labels/files/{file}'].get;
    expect(pdf.security).toEqual([]);
    expect(pdf.description).toMatch(/no token/);
    expect(pdf.responses['200'].content['application/pdf']).toBeDefined();
  });

  it('writes the rules across fields and the limits into descriptions', () => {
    expect(doc.paths['/shipments'].post.description).toMatch(
      /`destination.address` is required unless `method` is PICKUP/,
    );
    expect(doc.paths['/quote'].get.description).toMatch(/`lat` and `lng` go together/);
    expect(doc.paths['/labels'].get.description).toMatch(/`start` is accepted with `printer=PDF_A4` only/);
    expect(doc.info.description).toMatch(/nested at most 32 levels/);
    expect(doc.info.description).toMatch(/64 KiB/);
  });

  it('gives examples that its own schemas accept', () => {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addVocabulary(nextKeywords);
    // A schema of the document refers to its components: each is checked with them at hand.
    const withComponents = (schema: Json) => ({ ...schema, components: doc.components });
    const examples: Array<[string, Json, unknown]> = [];
    const walk = (schema: unknown, at: string): void => {
      if (!schema || typeof schema !== 'object') return;
      const s = schema as Json;
      if (Array.isArray(s.examples) && (s.type === 'object' || s.properties))
        for (const e of s.examples) examples.push([at, s, e]);
      // A media type's example sits beside its schema.
      if (s.schema && 'example' in s) examples.push([at, s.schema, s.example]);
      for (const [k, v] of Object.entries(s)) walk(v, `${at}/${k}`);
    };
    walk(doc.paths, '#/paths');
    walk(doc.components.schemas, '#/components/schemas');
    expect(examples.map(([at]) => at).join('\n')).toMatch(/shipments\/post\/requestBody/);
    for (const [at, schema, example] of examples)
      expect(ajv.validate(withComponents(schema), example), `${at}: ${ajv.errorsText()}`).toBe(true);
  });

  it('passes @redocly/cli lint with the recommended rules, without a warning', async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const bin = join(ROOT, 'node_modules', '.bin', 'redocly');
    const r = await execFileP(bin, ['lint', '--config', join(ROOT, 'redocly.yaml'), '--format', 'json', file], {
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { stdout: string; stderr: string }) => e);
    const report = JSON.parse(r.stdout) as {
      totals: { errors: number; warnings: number };
      problems: Array<{ ruleId: string; message: string }>;
    };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });

  const schemaOf = (content: Json | undefined) => content?.['application/json']?.schema as Json | undefined;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it('names a component for every resource and refers to it wherever it is used', () => {
    const schemas = doc.components.schemas;
    for (const name of [
      'Shipment',
      'ShipmentCreate',
      'Package',
      'PackageCreate',
      'TrackingEvent',
      'EventCreate',
      'QuoteOption',
      'Office',
      'ShipmentPage',
      'OfficePage',
      'PrintJobPage',
      'Label',
      'LabelQr',
      'Printer',
      'PrintJob',
      'Sender',
      'Preset',
      'Token',
      'TokenCreated',
      'Manifest',
      'Problem',
      'Party',
      'Address',
      'Method',
      'Status',
    ])
      expect(schemas[name], name).toBeDefined();
    // Every body and every JSON answer of an operation is a component (or a list of one), never a shape inlined.
    for (const { path, method, op } of ops()) {
      const answers = Object.entries<Json>(op.responses)
        .filter(([status]) => /^2/.test(status))
        .map(([, r]) => schemaOf(r.content));
      for (const s of [schemaOf(op.requestBody?.content), ...answers]) {
        if (!s || path === '/openapi.json') continue;
        expect(s.$ref ?? s.items?.$ref, `${method} ${path}: ${JSON.stringify(s).slice(0, 80)}`).toMatch(
          /^#\/components\/schemas\/\w+$/,
        );
      }
    }
    // No component is written out again anywhere else in the document.
    const copies: string[] = [];
    const bodies = new Map(Object.entries<Json>(schemas).map(([n, s]) => [JSON.stringify(s), n]));
    const walk = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      if (!at.startsWith('#/components/schemas/') || at.split('/').length > 4) {
        const name = bodies.get(JSON.stringify(node));
        if (name && !/^#\/components\/schemas\/[^/]+$/.test(at)) copies.push(`${at} repeats ${name}`);
      }
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`);
    };
    walk(doc, '#');
    expect(copies).toEqual([]);
  });

  it("gives the quote's method and create's method one enum, and types {id} as the id or the code", () => {
    const schemas = doc.components.schemas;
    expect(schemas.QuoteOption.properties.method.$ref).toBe(ref('Method').$ref);
    expect(schemas.ShipmentCreate.properties.method.$ref).toBe(ref('Method').$ref);
    expect(schemas.Shipment.properties.method).toEqual(ref('Method'));
    expect(schemas.Method.enum).toEqual(['STANDARD', 'EXPRESS', 'SAME_DAY', 'PICKUP']);
    for (const path of ['/shipments/{id}', '/shipments/{id}/events', '/shipments/{id}/packages']) {
      const id = doc.paths[path].get.parameters.find((p: Json) => p.name === 'id');
      expect(id.schema, path).toEqual(ref('ShipmentRef'));
    }
    expect(schemas.ShipmentRef.anyOf.map((s: Json) => s.type)).toEqual(['integer', 'string']);
  });

  it('states the rules across fields in the schemas, so that a schema-driven client refuses what the service does', () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    ajv.addVocabulary(nextKeywords);
    const create = ajv.compile({ ...ref('ShipmentCreate'), components: doc.components });
    const base: Json = { ...shipmentBody(), ref: 'RULES-1' };
    const { address: _address, ...receiver } = base.destination;
    expect(create(base)).toBe(true);
    expect(create({ ...base, method: 'PICKUP', office: 7, destination: { contact: receiver.contact } })).toBe(true);
    expect(create({ ...base, method: 'PICKUP', destination: { contact: receiver.contact } })).toBe(false);
    expect(create({ ...base, method: 'PICKUP', office: 7, type: 'RETURN' })).toBe(false);
    expect(create({ ...base, office: 7 })).toBe(false);
    expect(create({ ...base, destination: { contact: receiver.contact } })).toBe(false);
    // Query parameters are listed one by one in OpenAPI: their rule is in their descriptions.
    const quote = doc.paths['/quote'].get.parameters;
    expect(quote.find((p: Json) => p.name === 'zip').description).toMatch(/required when lat and lng are not given/);
    expect(quote.find((p: Json) => p.name === 'lat').description).toMatch(/requires lng/);
    expect(doc.paths['/shipments'].get.description).toMatch(/`date_range_max` must not be before `date_range_min`/);
  });

  it('declares its tags and describes every operation, its HEAD, and how it treats a query parameter it does not list', () => {
    const declared = new Map<string, string>(doc.tags.map((t: Json) => [t.name, t.description]));
    for (const { path, method, op } of ops()) {
      const at = `${method} ${path}`;
      for (const tag of op.tags) expect(declared.get(tag), `${at}: tag ${tag}`).toMatch(/\w/);
      expect(op.description, at).toMatch(/\w/);
      if (op.operationId !== 'labelFiles.get' && method !== 'head')
        expect(op.description, at).toMatch(/query parameter.*(is refused|any is refused)|takes no query parameters/);
    }
    for (const [path, item] of Object.entries<Json>(doc.paths))
      if (item.get) expect(item.head?.operationId, path).toBe(`${item.get.operationId}.head`);
  });

  it('declares the conditional reads: If-None-Match, the ETag and 304', () => {
    // Every read but a label file's download, the token-free document and keys too.
    const reads = ops().filter(({ method, op }) => method === 'get' && op.operationId !== 'labelFiles.get');
    expect(reads.length).toBeGreaterThan(15);
    expect(reads.map((r) => r.path)).toEqual(expect.arrayContaining(['/openapi.json', '/.well-known/jwks.json']));
    for (const { path, op } of reads) {
      expect(op.parameters, path).toContainEqual({ $ref: '#/components/parameters/IfNoneMatch' });
      expect(op.responses['200'].headers.ETag, path).toBeDefined();
      expect(op.responses['304'], path).toBeDefined();
    }
    expect(doc.components.headers.ETag.description).toMatch(/weak/i);
  });

  it("passes Spectral's spectral:oas, which finds nothing but the contact the owner decides", async () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(doc));
    const rules = join(dir, '.spectral.json');
    writeFileSync(rules, JSON.stringify({ extends: ['spectral:oas'] }));
    const bin = join(ROOT, 'node_modules', '.bin', 'spectral');
    const r = await execFileP(bin, ['lint', '--ruleset', rules, '--format', 'json', '--quiet', file], {
      maxBuffer: 64 * 1024 * 1024,
    }).catch((e: { stdout: string; stderr: string }) => e);
    const found = JSON.parse(r.stdout) as Array<{ code: string; message: string; path: string[] }>;
    expect(found.filter((f) => !['info-contact', 'info-license'].includes(f.code))).toEqual([]);
    // The run saw the document: the one finding left is the absent contact.
    expect(found.map((f) => f.code)).toContain('info-contact');
  });

  it('has a Location for every operation that answers 201', () => {
    const creating = operations.filter((op) => op.successStatus === 201).map((op) => op.name);
    expect(creating.length).toBeGreaterThan(4);
    expect(creating.filter((name) => !createdLocations[name])).toEqual([]);
  });
});
