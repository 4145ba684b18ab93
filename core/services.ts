import { createAuthService } from './auth/service.js';
import type { Clock } from './clock.js';
import { notFound } from './errors.js';
import { createSettings } from './settings.js';
import { createShipmentService, type PickupOffices } from './shipments/service.js';
import { createShipmentStore } from './shipments/store.js';
import type { Db } from './store/db.js';
import { createTracking } from './tracking/service.js';

export interface ServiceOptions {
  db: Db;
  clock: Clock;
  /** Where generated files (labels, keys) live; the database's folder. */
  dataDir: string;
  env?: Record<string, string | undefined>;
}

/** The composition root of the domain: every service built once, from the same db and clock. */
export function createServices({ db, clock, dataDir, env = process.env }: ServiceOptions) {
  const settings = createSettings(db, env);
  const shipmentStore = createShipmentStore(db);
  const tracking = createTracking(db, clock, shipmentStore);
  const offices: PickupOffices = {
    pickupAddress: (id) => {
      throw notFound(`office ${id}`);
    },
  };
  const shipments = createShipmentService({
    db, clock, store: shipmentStore, tracking, offices, timeZone: settings.timeZone,
  });
  return {
    db,
    clock,
    dataDir,
    settings,
    auth: createAuthService(db, clock),
    shipments,
  };
}

export type Services = ReturnType<typeof createServices>;
