import { createCore } from '../../core/index.js';
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
export function admin(s: Station) {
  const core = createCore({ dataDir: s.dataDir, printQueue: false });
  const auth = core.services.auth;
  return {
    account: (name: string) => auth.createAccount(name).id,
    token: (
      account: string | number,
      permissions: readonly string[],
      opts: { name?: string; expiresInDays?: number } = {},
    ) => auth.createToken({ account, name: opts.name ?? 'test', permissions, ...opts }),
    tokens: (account: string | number) => auth.listTokens(account),
    close: () => core.close(),
  };
}

/** An account and a token of it, written straight into the station's store. */
export function directAccount(s: Station, name: string, permissions: readonly string[]): { id: number; token: string } {
  const a = admin(s);
  try {
    const id = a.account(name);
    return { id, token: a.token(id, [...permissions]).token };
  } finally {
    a.close();
  }
}
