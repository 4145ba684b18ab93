import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../core/http/server.js';
import { forward, parseBridgeRequest } from '../../core/desk/bridge.js';
import { deskToken } from '../../core/desk/credential.js';
import { startInProcess, type Station } from '../helpers/station.js';
import { statSync } from 'node:fs';
import { join } from 'node:path';

describe('desktop IPC bridge', () => {
  let s: Station;
  beforeAll(async () => {
    s = await startInProcess();
  });
  afterAll(() => s.stop());

  it('refuses requests that are not API requests', () => {
    for (const bad of [null, 'GET /', { method: 'PATCH', path: '/x' }, { method: 'GET', path: 'shipments' }, { method: 'GET', path: '/../etc' }, { method: 'GET', path: '/x', query: { a: 1 } }])
      expect(() => parseBridgeRequest(bad), JSON.stringify(bad)).toThrow(TypeError);
  });

  it('forwards to the same API with the desk credential, kept 0600 and reused', async () => {
    const core = s.core!;
    const token = deskToken(core);
    expect(deskToken(core)).toBe(token);
    expect(statSync(join(core.services.dataDir, 'desk-token')).mode & 0o777).toBe(0o600);
    const app = await buildServer(core);
    const list = await forward(app, token, parseBridgeRequest({ method: 'GET', path: '/shipments', query: { size: '5' } }));
    expect(list).toEqual({ status: 200, body: { data: [], pages: 0, items: 0, last: true } });
    const bad = await forward(app, token, parseBridgeRequest({ method: 'POST', path: '/shipments', body: { ref: '' } }));
    expect(bad.status).toBe(400);
    expect((bad.body as { code: string }).code).toBe('validation_failed');
    await app.close();
  });

  it('replaces a revoked desk credential at the next start', () => {
    const core = s.core!;
    const token = deskToken(core);
    const principal = core.services.auth.authenticate(`Bearer ${token}`);
    core.services.auth.revokeToken(principal.accountId, principal.tokenId!);
    const again = deskToken(core);
    expect(again).not.toBe(token);
    expect(() => core.services.auth.authenticate(`Bearer ${again}`)).not.toThrow();
  });
});
