import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiError,
  bridgeTransport,
  createClient,
  type BridgeCall,
  type OpInput,
  type StationClient,
} from '../../core/shared/client/index.js';
import { createDeskBridge, DESK_BASE_URL } from '../../core/adapters/desk/bridge.js';
import { deskToken } from '../../core/adapters/desk/credential.js';
import { deskDownloadPath } from '../../core/adapters/desk/downloads.js';
import { shipmentBody } from '../helpers/fixtures.js';
import { startInProcess, type Station } from '../helpers/station.js';

describe('desktop IPC bridge', () => {
  let s: Station;
  let bridge: ReturnType<typeof createDeskBridge>;
  let client: StationClient;
  beforeAll(async () => {
    s = await startInProcess();
    const token = await deskToken(s.core!);
    bridge = createDeskBridge(s.core!, () => token);
    // As the preload does: the call crosses IPC by structured clone, so nothing but data reaches the main process.
    client = createClient(bridgeTransport({ call: (req: BridgeCall) => bridge.call(structuredClone(req)) }));
  });
  afterAll(() => s.stop());

  it('refuses calls that are not operations a token may call', async () => {
    for (const bad of [
      null,
      'GET /',
      { op: 'nope' },
      { op: 'accounts.create', input: { body: { name: 'x' } } },
      { op: 'shipments.search', input: [] },
      { op: 'shipments.search', input: { headers: {} } },
    ]) {
      const r = await bridge.call(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(['not_found', 'validation_failed']).toContain(r.problem.code);
    }
  });

  it('reaches core.execute with the desk credential (kept 0600, reused) and the same validation as HTTP', async () => {
    const core = s.core!;
    expect(await deskToken(core)).toBe(await deskToken(core));
    expect(statSync(join(core.dataDir, 'desk-token')).mode & 0o777).toBe(0o600);
    expect(await client.call('shipments.search', { query: { size: 5 } })).toEqual({
      data: [],
      pages: 0,
      items: 0,
      last: true,
    });
    const bad = await client.call('shipments.create', { body: { ref: '' } as never }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ApiError);
    expect((bad as ApiError).problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect((bad as ApiError).problem.errors?.some((e) => e.path === '/ref')).toBe(true);
  });

  it("gives label links on the app's own scheme that open the PDF, with no HTTP server", async () => {
    const created = await client.call('shipments.create', {
      body: shipmentBody({ ref: 'BRIDGE-1' }) as OpInput<'shipments.create'>['body'],
    });
    const { url } = await client.call('labels.get', { query: { code: created.code } });
    expect(url.startsWith(`${DESK_BASE_URL}/labels/files/`)).toBe(true);
    const pdf = readFileSync(await deskDownloadPath(s.core!, url));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    for (const wrong of [
      url.replace('station://desk', 'http://localhost:80'),
      url.replace(/files\/.{10}/, 'files/AAAAAAAAAA'),
      `${DESK_BASE_URL}/../../etc/passwd`,
    ])
      await expect(deskDownloadPath(s.core!, wrong), wrong).rejects.toThrow(/not found/);
  });

  it('stops at once when the desk credential is revoked, and replaces it at the next start', async () => {
    const core = s.core!;
    const token = await deskToken(core);
    const revoked = createClient(bridgeTransport(createDeskBridge(core, () => token)));
    const principal = await core.authenticate(`Bearer ${token}`);
    await s.services!.auth.revokeToken(principal.accountId, principal.tokenId!);
    await expect(revoked.call('shipments.search')).rejects.toMatchObject({
      problem: { status: 401, code: 'unauthenticated' },
    });
    const again = await deskToken(core);
    expect(again).not.toBe(token);
    await expect(core.authenticate(`Bearer ${again}`)).resolves.toMatchObject({ owner: false });
  });
});
