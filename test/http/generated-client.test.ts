import { execFile } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, startStation, type Station } from '../helpers/station.js';

const run = promisify(execFile);
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

/**
 * What an integrator does with the document: openapi-typescript turns the served document into types, openapi-fetch
 * calls the station with them. The program below is written as an integrator would, with no cast, no `any` and no
 * `@ts-` comment: tsc must accept it under `strict`, and it must then run against a real station.
 */
const PROGRAM = `
import createClient from 'openapi-fetch';
import type { components, paths } from './api.js';

type Schemas = components['schemas'];

const client = createClient<paths>({
  baseUrl: process.env.STATION_URL,
  headers: { Authorization: \`Bearer \${process.env.STATION_TOKEN ?? ''}\` },
});

const origin: Schemas['Party'] = {
  contact: { name: 'Depósito Central', phone: '+5493414000000' },
  address: { street: 'Córdoba 1450', city: 'Rosario', state: 'Santa Fe', country: 'AR', zip: 'S2000' },
};
const buyer: Schemas['Contact'] = { name: 'Ana Pérez', email: 'ana.perez@example.com' };
const dimensions: Schemas['Dimensions'] = { height: 10, width: 20, length: 30, weight: 1.5 };

const isDuplicateRef = (p: Schemas['Problem']): p is Schemas['DuplicateRefProblem'] => p.code === 'duplicate_ref';

/** What a receiver makes of a webhook message's body: \`type\` tells which schema its \`data\` has. */
function describeMessage(m: Schemas['WebhookMessage']): string {
  switch (m.type) {
    case 'shipment.status_changed':
      return \`\${m.data.shipment.code} \${m.data.event.status}\`;
    case 'print_job.finished':
      return \`\${m.data.id} \${m.data.state}\`;
    case 'manifest.created':
      return m.data.codes.join(',');
    case 'webhook.test':
      return \`\${m.data.webhook_id} \${m.data.message}\`;
    default:
      return \`\${m.type} \${m.data.code}\`;
  }
}

function fail(step: string, error: Schemas['Problem'] | undefined): never {
  throw new Error(\`\${step}: \${error?.code ?? 'no answer'} \${error?.detail ?? ''}\`);
}

async function main(): Promise<void> {
  const quote = await client.GET('/quote', { params: { query: { zip: 'X5000', ...dimensions } } });
  if (!quote.data) fail('quote', quote.error);
  // The cheapest home delivery (PICKUP goes to an office, below). The quoted method is create's own enum.
  const home = quote.data.find((option) => option.method !== 'PICKUP');
  if (!home) throw new Error('no home delivery serves X5000');
  const method: Schemas['Method'] = home.method;

  const body: Schemas['ShipmentCreate'] = {
    ref: 'GEN-1',
    type: 'DELIVERY',
    method,
    origin,
    destination: {
      contact: buyer,
      address: { street: 'Avenida Colón 1234', city: 'Córdoba', state: 'Córdoba', country: 'AR', zip: 'X5000' },
    },
    dimensions,
  };
  const created = await client.POST('/shipments', { body });
  if (!created.data) fail('create', created.error);
  const shipment: Schemas['Shipment'] = created.data;

  const offices = await client.GET('/offices', { params: { query: { near: '-31.4135,-64.1811', size: 1 } } });
  if (!offices.data) fail('offices', offices.error);
  const [office] = offices.data.data;
  if (!office) throw new Error('no office near Córdoba');
  const pickup = await client.POST('/shipments', {
    body: { ref: 'GEN-2', type: 'DELIVERY', method: 'PICKUP', office: office.id, origin, destination: { contact: buyer }, dimensions },
  });
  if (!pickup.data) fail('create PICKUP', pickup.error);

  // {id} takes the numeric id as the shipment carries it, or the code.
  const added = await client.POST('/shipments/{id}/packages', {
    params: { path: { id: shipment.id } },
    body: { ref: 'GEN-1-B', origin, dimensions },
  });
  if (!added.data) fail('add a package', added.error);
  const pkg: Schemas['Package'] = added.data;
  const listed = await client.GET('/shipments/{id}/packages', { params: { path: { id: shipment.code } } });
  if (!listed.data) fail('list packages', listed.error);

  const label = await client.GET('/labels', {
    params: { query: { code: [shipment.code, pkg.code].join(','), printer: 'PDF_A4' } },
  });
  if (!label.data) fail('labels', label.error);
  const qr = await client.GET('/labels/qr', { params: { query: { code: shipment.code } } });
  if (!qr.data) fail('label QR', qr.error);

  const found = await client.GET('/shipments', { params: { query: { q: 'GEN', status: 'TO_COLLECT', sort: 'OLDEST', size: 10 } } });
  if (!found.data) fail('search', found.error);
  const page: Schemas['ShipmentPage'] = found.data;

  const moved = await client.POST('/shipments/{id}/events', {
    params: { path: { id: shipment.id } },
    body: { status: 'COLLECTED', sub_status: 'ADMITTED' },
  });
  if (!moved.data) fail('record an event', moved.error);
  const events = await client.GET('/shipments/{id}/events', { params: { path: { id: shipment.code } } });
  if (!events.data) fail('events', events.error);
  const history: Schemas['TrackingEvent'][] = events.data;

  // A refusal arrives typed as problem details; a duplicate ref names the shipment that has it.
  const again = await client.POST('/shipments', { body });
  const refused: Schemas['Problem'] | undefined = again.error;
  const duplicate = refused && isDuplicateRef(refused) ? refused.existing : undefined;

  // A read sent again with its ETag is 304, though fetch adds \`Cache-Control: no-cache\` to it.
  const read = await client.GET('/shipments/{id}', { params: { path: { id: shipment.code } } });
  const etag = read.response.headers.get('ETag') ?? '';
  const held = await client.GET('/shipments/{id}', {
    params: { path: { id: shipment.code }, header: { 'If-None-Match': etag } },
  });

  console.log(
    JSON.stringify({
      method,
      created: { id: shipment.id, code: shipment.code, method: shipment.method },
      pickup: { method: pickup.data.method, office: pickup.data.office, officeId: office.id },
      package: { twin: pkg.twin, number: pkg.number, listed: listed.data.data.map((p) => p.code) },
      label: label.data.url,
      qr: qr.data.qr,
      found: page.data.map((s) => s.ref),
      event: moved.data.status,
      history: history.map((e) => e.status),
      refused: { status: again.response.status, code: refused?.code, existing: duplicate },
      held: held.response.status,
      test: describeMessage({
        id: 'msg_1',
        type: 'webhook.test',
        timestamp: '2026-01-02T03:04:05.000Z',
        data: { webhook_id: 1, message: 'hello' },
      }),
    }),
  );
}

await main();
`;

/** Every way a program may step around its types: casts, non-null assertions, `any`, `@ts-` comments. */
function escapes(source: string): string[] {
  const file = ts.createSourceFile('integrator.mts', source, ts.ScriptTarget.ES2022, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isAsExpression(node) ||
      ts.isTypeAssertionExpression(node) ||
      ts.isNonNullExpression(node) ||
      node.kind === ts.SyntaxKind.AnyKeyword
    )
      found.push(node.getText(file));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return [...found, ...(source.match(/@ts-\w+/g) ?? [])];
}

describe('a client generated from the served document (openapi-typescript + openapi-fetch)', () => {
  // Under the checkout, so that Node finds openapi-fetch in its node_modules.
  const dir = join(ROOT, 'test-results', `generated-client-${process.pid}`);
  let s: Station;
  let token: string;

  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    s = await startStation();
    token = await s.token(await s.account('integrator'), [
      'rates.read',
      'shipments.read',
      'shipments.write',
      'events.read',
      'events.write',
    ]);
  });
  afterAll(async () => {
    await s.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('compiles with no cast under strict and quotes, creates (also PICKUP), adds packages, labels, searches, records events, reads again with its ETag, and types a duplicate ref and each webhook message', async () => {
    expect(escapes(PROGRAM)).toEqual([]);
    const doc = await s.request('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    writeFileSync(join(dir, 'openapi.json'), doc.text);
    await run(bin('openapi-typescript'), [join(dir, 'openapi.json'), '-o', join(dir, 'api.ts')]);
    writeFileSync(join(dir, 'integrator.mts'), PROGRAM);
    const tsc = await run(
      bin('tsc'),
      [
        '--strict',
        '--target',
        'es2022',
        '--module',
        'nodenext',
        '--moduleResolution',
        'nodenext',
        '--types',
        'node',
        '--outDir',
        join(dir, 'out'),
        join(dir, 'integrator.mts'),
        join(dir, 'api.ts'),
      ],
      { cwd: ROOT },
    ).catch((e: { stdout: string; stderr: string }) => e);
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');

    const { stdout } = await run(process.execPath, [join(dir, 'out', 'integrator.mjs')], {
      env: { ...process.env, STATION_URL: s.url, STATION_TOKEN: token },
    });
    const out = JSON.parse(stdout);
    expect(out.created).toMatchObject({ method: out.method, code: expect.any(String) });
    expect(out.pickup).toMatchObject({ method: 'PICKUP', office: out.pickup.officeId });
    expect(out.package).toMatchObject({ twin: out.created.code, number: 1 });
    expect(out.package.listed).toHaveLength(1);
    expect(out.label).toMatch(/\/labels\/files\/[\w-]+\.pdf$/);
    expect(out.qr.split('.')).toHaveLength(3);
    expect(out.found).toEqual(['GEN-1', 'GEN-2', 'GEN-1-B']);
    expect(out.event).toBe('COLLECTED');
    expect(out.history).toEqual(['TO_COLLECT', 'COLLECTED']);
    expect(out.refused).toEqual({
      status: 409,
      code: 'duplicate_ref',
      existing: { id: out.created.id, code: out.created.code },
    });
    expect(out.held).toBe(304);
    expect(out.test).toBe('1 hello');
    // Generating, compiling and running a program: seconds each on a busy two-core machine.
  }, 180_000);
});
