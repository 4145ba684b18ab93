import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { createScaleConnection, type ScaleConnection } from './connection.js';
import { findScales } from './devices.js';
import type { ScaleConfigT, ScaleReadingT } from './schemas.js';
import type { ScaleStore } from './store.js';

/**
 * The station's scale: its setting, and its live reading. The scale is opened when first read (a one-shot
 * `station` command never touches it) and kept open, following a change of setting at once.
 */
export function createScaleService(db: UnitOfWork<{ scale: ScaleStore }>) {
  let connection: ScaleConnection | null = null;

  async function current(): Promise<ScaleConnection | null> {
    const config = await db.stores.scale.get();
    if (!config) {
      connection?.stop();
      connection = null;
      return null;
    }
    // Another process (a second desk's service, the CLI) may have changed the setting: follow it.
    if (!connection || JSON.stringify(connection.config) !== JSON.stringify(config)) {
      connection?.stop();
      connection = createScaleConnection(config);
    }
    return connection;
  }

  return {
    config: () => db.stores.scale.get(),

    async configure(config: ScaleConfigT | null): Promise<void> {
      await db.transaction((tx) => tx.scale.set(config));
      await current();
    },

    async read(): Promise<ScaleReadingT> {
      const c = await current();
      if (!c)
        return {
          weight_kg: null,
          stable: false,
          state: 'disconnected',
          weight: null,
          unit: null,
          device: null,
          protocol: null,
          reason: 'no scale is configured (Settings, Scale)',
          read_at: null,
        };
      const r = c.read();
      return {
        weight_kg: r.weight_kg,
        stable: r.stable,
        state: r.state,
        weight: r.weight,
        unit: r.unit,
        device: c.config.device,
        protocol: c.config.protocol,
        reason: r.reason,
        read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
      };
    },

    devices: findScales,

    stop(): void {
      connection?.stop();
      connection = null;
    },
  };
}

export type ScaleService = ReturnType<typeof createScaleService>;
