import { describe, expect, it } from 'vitest';
import { operations, operationsByName, servicesFor } from '../../core/app/operation-table.js';
import type { Services } from '../../core/app/services.js';

/**
 * A feature's operations declare the services they use (`uses` in its operations.ts), and the composition root hands
 * each handler those and no others (issue 31 item 2): a handler cannot reach a service its feature did not name.
 */
describe('each operation is handed the services its feature declares, and no others', () => {
  // Every service the root could hand over, each a value that says its name.
  const all = new Proxy({}, { get: (_, name) => `the ${String(name)} service` }) as Services;

  it('every operation names what it uses, and gets exactly that', () => {
    for (const op of operations) {
      expect(op.uses.length, op.name).toBeGreaterThan(0);
      expect(Object.keys(servicesFor(op, all)).sort(), op.name).toEqual([...op.uses].sort());
    }
  });

  it("a shipment's operations get the shipments and the printing (its label ahead), not the tokens or the webhooks", () => {
    expect(servicesFor(operationsByName.get('shipments.create')!, all)).toEqual({
      shipments: 'the shipments service',
      printing: 'the printing service',
    });
  });
});
