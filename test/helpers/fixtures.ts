import { systemClock, type Clock } from '../../core/platform/clock.js';
import { openSqliteEngine } from '../../core/engines/sqlite/index.js';
import { createCore } from '../../core/app/index.js';
import { createServices } from '../../core/app/services.js';
import { ownerPrincipal } from '../../core/platform/operations/principal.js';
import type { WebhookRecord } from '../../core/features/webhooks/store.js';
import type { Station } from './station.js';

/** Shared bodies of the tests: one valid shipment, changed one field at a time. */

export const DIMENSIONS = { height: 10, width: 20, length: 30, weight: 1.5 };

export function party(name = 'Ana Pérez', city = 'Córdoba', zip = 'X5000') {
  return {
    contact: { name, phone: '+5493511234567', email: 'ana.perez@example.com', identification: '20-12345678-9' },
    address: {
      street: 'Avenida Colón 1234',
      city,
      state: 'Córdoba',
      country: 'AR',
      zip,
      type: 'RESIDENTIAL',
      lat: -31.4135,
      lng: -64.1811,
    },
  };
}

let seq = 0;
/** A unique ref per call, so that tests sharing a server never collide. */
export function uniqueRef(prefix = 'ORD'): string {
  seq += 1;
  return `${prefix}-${process.pid}-${seq}`;
}

/** An enabled endpoint of `accountId` subscribed to shipment.created, as a test writes it straight to a store. */
export function webhookRecord(accountId: number, now: number): Omit<WebhookRecord, 'id'> {
  return {
    account_id: accountId,
    url: 'https://erp.example.com/hook',
    description: null,
    events: ['shipment.created'],
    secret: 'whsec_AAAA',
    previous_secret: null,
    previous_until: null,
    enabled: true,
    disabled_reason: null,
    created_at: now,
    updated_at: now,
  };
}

export type Body = Record<string, any>;

/** A complete, valid create body; `over` replaces top-level members. */
export function shipmentBody(over: Body = {}): Body {
  return {
    ref: uniqueRef(),
    type: 'DELIVERY',
    value: 1500.5,
    content: 'Two books',
    notes: 'Ring twice',
    platform: 'WOO',
    origin: party('Depósito Central', 'Rosario', 'S2000'),
    destination: party(),
    dimensions: { ...DIMENSIONS },
    ...over,
  };
}

export function packageBody(over: Body = {}): Body {
  return {
    ref: uniqueRef('PKG'),
    content: 'One box',
    origin: party('Sucursal Norte', 'Salta', 'A4400'),
    dimensions: { ...DIMENSIONS },
    ...over,
  };
}

/**
 * Accounts and tokens written straight into a running station's store, exactly as `station account create` and
 * `station token create` do but without a process start (about a second each here). Tests of the commands
 * themselves use the CLI; the rest use this.
 */
export async function admin(s: Station) {
  const core = await createCore({ dataDir: s.dataDir, store: s.store, printQueue: false });
  const owner = ownerPrincipal();
  const accountId = async (account: string | number) =>
    typeof account === 'number'
      ? account
      : (await core.execute('accounts.list', {}, owner)).find((a) => a.name === account || String(a.id) === account)!
          .id;
  return {
    account: async (name: string) => (await core.execute('accounts.create', { body: { name } }, owner)).id,
    async token(
      account: string | number,
      permissions: readonly string[],
      opts: { name?: string; expiresInDays?: number } = {},
    ) {
      const created = await core.execute(
        'tokens.create',
        {
          body: {
            name: opts.name ?? 'test',
            permissions: [...permissions],
            ...(opts.expiresInDays ? { expires_in_days: opts.expiresInDays } : {}),
          },
        },
        ownerPrincipal(await accountId(account)),
      );
      const { token, ...info } = created;
      return { token, info };
    },
    tokens: async (account: string | number) =>
      core.execute('tokens.list', {}, ownerPrincipal(await accountId(account))),
    close: () => core.close(),
  };
}

/** An account and a token of it, written straight into the station's store. */
export async function directAccount(
  s: Station,
  name: string,
  permissions: readonly string[],
): Promise<{ id: number; token: string }> {
  const a = await admin(s);
  try {
    const id = await a.account(name);
    return { id, token: (await a.token(id, [...permissions])).token };
  } finally {
    await a.close();
  }
}

/**
 * The services of a store in `dataDir`, built as the core builds them (SQLite engine, then the composition root),
 * for tests of what no operation shows (the queue's worker, indexing, credentials). Close it when done.
 */
export async function storeServices(
  dataDir: string,
  opts: { clock?: Clock; env?: Record<string, string | undefined> } = {},
) {
  const clock = opts.clock ?? systemClock;
  const env = opts.env ?? process.env;
  const engine = openSqliteEngine(dataDir, { clock, env });
  const services = await createServices({ engine, clock, dataDir, env });
  return {
    engine,
    services,
    async close() {
      await services.printing.queue.stop();
      await engine.close();
      await services.render.close();
    },
  };
}
