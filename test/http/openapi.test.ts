import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../core/index.js';
import { buildServer } from '../../core/http/server.js';
import { createdLocations } from '../../core/http/location.js';
import { operations } from '../../core/operation-table.js';
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

  it('declares every error as application/problem+json, with the headers each answer carries', () => {
    let errors = 0;
    for (const { path, method, op } of ops()) {
      for (const [status, res] of Object.entries<Json>(op.responses)) {
        expect(res.headers?.RateLimit, `${method} ${path} ${status}`).toBeDefined();
        if (!/^[45]/.test(status)) continue;
        errors++;
        expect(Object.keys(res.content), `${method} ${path} ${status}`).toEqual(['application/problem+json']);
      }
      expect(op.responses['429'].headers['Retry-After'], `${method} ${path}`).toBeDefined();
      if (op.security?.length !== 0)
        expect(op.responses['401'].headers['WWW-Authenticate'], `${method} ${path}`).toBeDefined();
      if (op.responses['201']) expect(op.responses['201'].headers.Location, `${method} ${path}`).toBeDefined();
    }
    expect(errors).toBeGreaterThan(100);
    expect(doc.components.headers['RateLimit-Policy'].description).toMatch(/per token/);
  });

  it('describes the token-free paths: the JWKS with its schema, the PDF download', () => {
    const jwks = doc.paths['/.well-known/jwks.json'].get;
    expect(jwks.security).toEqual([]);
    expect(
      jwks.responses['200'].content['application/jwk-set+json'].schema.properties.keys.items.properties.crv.enum,
    ).toEqual(['Ed25519']);
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
      expect(ajv.validate(schema, example), `${at}: ${ajv.errorsText()}`).toBe(true);
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

  it('has a Location for every operation that answers 201', () => {
    const creating = operations.filter((op) => op.successStatus === 201).map((op) => op.name);
    expect(creating.length).toBeGreaterThan(4);
    expect(creating.filter((name) => !createdLocations[name])).toEqual([]);
  });
});
