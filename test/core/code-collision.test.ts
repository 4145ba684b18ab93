import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { shipmentBody, storeServices } from '../helpers/fixtures.js';

/** The codes the service draws, in order: the test decides them, so that one is drawn twice. */
const drawn: string[] = [];
vi.mock('../../core/features/shipments/code.js', () => ({ generateCode: () => drawn.shift()! }));

describe('a shipment code drawn twice', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'code-collision-'));
  const store = storeServices(dataDir);
  afterAll(async () => {
    await (await store).close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is drawn anew, and the shipment is stored once, with the new code', async () => {
    const { services, engine } = await store;
    const account = (await services.auth.createAccount('north')).id;
    drawn.push('KPVYYNKTBE');
    const first = await services.shipments.create(account, shipmentBody() as never);
    drawn.push('KPVYYNKTBE', 'QRSTWXYZ23');
    const second = await services.shipments.create(account, shipmentBody() as never);
    expect([first.code, second.code]).toEqual(['KPVYYNKTBE', 'QRSTWXYZ23']);
    expect(drawn).toEqual([]);
    const rows = engine.db.prepare('SELECT code FROM shipments ORDER BY id').all();
    expect(rows).toEqual([{ code: 'KPVYYNKTBE' }, { code: 'QRSTWXYZ23' }]);
    const counted = engine.db.prepare('SELECT sum(n) AS n FROM shipment_counts WHERE account_id = ?').get(account);
    expect(counted).toEqual({ n: 2 });
  });
});
