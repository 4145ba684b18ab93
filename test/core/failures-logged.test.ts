import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildServer } from '../../core/http/server.js';
import { createCore, type Core } from '../../core/index.js';

/** A 500 says only "logged under request id X"; the log has X, the stack and never a token. */
describe('failures are logged', () => {
  let dir: string;
  let core: Core;
  const lines: Record<string, unknown>[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'station-log-'));
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const l of chunk.toString().split('\n').filter(Boolean))
          lines.push(JSON.parse(l) as Record<string, unknown>);
        done();
      },
    });
    core = createCore({ dataDir: dir, printQueue: false, logger: pino({ level: 'info' }, sink), verifyOutput: true });
  });
  const tokenOf = (name: string) =>
    core.services.auth.createToken({
      account: core.services.auth.createAccount(name).id,
      name: 'test',
      permissions: ['shipments.read'],
    }).token;
  afterAll(() => {
    core.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a provoked 500 is in the log under the id the client got, with its stack, without the token', async () => {
    const token = tokenOf('acme');
    const app = await buildServer(core);
    const search = vi.spyOn(core.services.shipments, 'search').mockImplementation(() => {
      throw new Error('disk on fire');
    });
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/v1/shipments',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      const body = res.json<{ code: string; detail: string; request_id: string }>();
      expect(body.code).toBe('internal');
      expect(body.detail).not.toMatch(/disk on fire/);
      expect(res.headers['x-request-id']).toBe(body.request_id);
      const entry = lines.find((l) => l.request_id === body.request_id);
      expect(entry).toBeDefined();
      expect(entry!.level).toBe(50);
      expect(JSON.stringify((entry as { err?: { stack?: string } }).err?.stack)).toMatch(/disk on fire/);
      expect(JSON.stringify(lines)).not.toContain(token);
    } finally {
      search.mockRestore();
      await app.close();
    }
  });

  it('an answer that breaks its own output schema is a logged 500, so the OpenAPI document cannot drift', async () => {
    const token = tokenOf('globex');
    const app = await buildServer(core);
    const get = core.services.shipments.get;
    core.services.shipments.get = () => ({ id: 'not a number' }) as never;
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/v1/shipments/ABC',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(500);
      const { request_id } = res.json<{ request_id: string }>();
      expect(lines.find((l) => l.request_id === request_id)?.msg).toMatch(/output schema/);
    } finally {
      core.services.shipments.get = get;
      await app.close();
    }
  });
});
