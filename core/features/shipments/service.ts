import { isoOrNull, type Clock } from '../../platform/clock.js';
import { DomainError, fieldError, invalidState } from '../../shared/errors.js';
import { pageEnvelope, pageWindow, type AddressT, type PartyT } from '../../platform/schemas/common.js';
import { announce, type OutboxTx } from '../../platform/outbox/announce.js';
import { eventView, type Tracking, type TrackingTx } from '../tracking/service.js';
import type { EventCreateT, TrackingEventT } from '../tracking/schemas.js';
import type { EventRecord, EventStore } from '../tracking/store.js';
import { actionsOf, initialStatus, isFinal } from '../../shared/transitions.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { generateCode } from './code.js';
import { shipmentLookups } from './lookup.js';
import type { NewShipment, ShipmentChangeRecord, ShipmentRecord } from './record.js';
import type {
  PackageCreateT,
  ShipmentChangeT,
  ShipmentCreateT,
  ImportedShipmentT,
  ShipmentRefT,
  ShipmentSearchT,
  ShipmentT,
  ShipmentUpdateT,
} from './schemas.js';
import { searchFilter } from './search-filter.js';
import { KeyTaken, type ShipmentStore } from './store.js';

/** A shipment is corrected before the carrier has it: once collected (or canceled) its parcel is what it is. */
const BEFORE_COLLECTION = new Set<string>(['TO_CONFIRM', 'TO_COLLECT', 'TO_RECOVER']);

/** What a PICKUP shipment needs from the office directory. */
export interface PickupOffices {
  /** The address of a usable office, or a not_found / validation_failed error naming `/office`. */
  pickupAddress(officeId: number): Promise<AddressT>;
}

/** The stores shipments are written with; the outbox announces what changed, in the same transaction. */
export interface ShipmentStores extends TrackingTx, OutboxTx {
  shipments: ShipmentStore;
  events: EventStore;
}

export function shipmentView(r: ShipmentRecord, packages: ShipmentRecord[]): ShipmentT {
  return {
    id: r.id,
    code: r.code,
    ref: r.ref,
    type: r.type,
    method: r.method,
    office: r.office_id,
    value: r.value,
    content: r.content,
    notes: r.notes,
    platform: r.platform as ShipmentT['platform'],
    origin: r.origin,
    destination: r.destination,
    dimensions: r.dimensions,
    status: r.status,
    sub_status: r.sub_status,
    twin: r.twin,
    number: r.number,
    packages: r.packages,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
    labelled_at: isoOrNull(r.labelled_at),
    actions: actionsOf(r, packages),
  };
}

/** A shipment as the API answers it; a parent's packages are read only when it has some, for what a cancel would do. */
export const readView = async (store: ShipmentStore, r: ShipmentRecord): Promise<ShipmentT> =>
  shipmentView(r, r.packages > 0 ? await store.children(r.id) : []);

/**
 * Announces a tracking event (shipment.status_changed, with the event and the shipment as it is now) and, when it
 * canceled the shipment, shipment.canceled: inside the transaction that recorded it.
 */
export async function announceMove(
  tx: Pick<ShipmentStores, 'shipments' | 'outbox'>,
  accountId: number,
  event: EventRecord,
): Promise<void> {
  let shipment: ShipmentT | undefined;
  const now = async () =>
    (shipment ??= await readView(tx.shipments, (await tx.shipments.byId(accountId, event.shipment_id))!));
  await announce(
    tx,
    accountId,
    'shipment.status_changed',
    async () => ({ event: eventView(event), shipment: await now() }),
    event.date,
  );
  if (event.status === 'CANCELED') await announce(tx, accountId, 'shipment.canceled', now, event.date);
}

export interface ShipmentServiceDeps {
  db: UnitOfWork<ShipmentStores>;
  clock: Clock;
  tracking: Tracking;
  offices: PickupOffices;
  timeZone: () => Promise<string>;
}

/** Shipments: create (each create shares its commit with the others of the moment), packages, cancel, search. */
/** An order of an import, written or found: its ref was free (created) or is the account's already (skipped). */
export type Imported = { created: true; shipment: ShipmentT } | { created: false; id: number; code: string };

/** A page of shipments as the API shows it. */
export interface ShipmentPage {
  data: ShipmentT[];
  pages: number;
  items: number;
  last: boolean;
}

/** The shipments of an account: their creation, corrections, packages, cancellation, search and history. */
export interface ShipmentService {
  /** Resolves once the shipment is committed. */
  create(accountId: number, input: ShipmentCreateT): Promise<ShipmentT>;
  /** The cross-field rules of a create, without writing: an import checks every order before it writes any. */
  check(input: ImportedShipmentT): Promise<void>;
  /** The account's shipments of these refs (id and code only), by ref. */
  refsTaken(accountId: number, refs: string[]): Promise<Map<string, { id: number; code: string }>>;
  /**
   * An import's orders in one transaction: all of them are written, or none. A ref the account has already (a file
   * imported twice, or an order created meanwhile) is skipped and names the shipment that has it.
   */
  importMany(accountId: number, inputs: ImportedShipmentT[]): Promise<Imported[]>;
  /**
   * Corrects a shipment before its label (the parcel weighed at the bench, another box, method, office, texts).
   * Once a label exists the label is the truth: 409. Each correction that changes something is kept in the
   * shipment's history of changes; one that changes nothing writes nothing.
   */
  update(accountId: number, idOrCode: ShipmentRefT, patch: ShipmentUpdateT, madeBy: string): Promise<ShipmentT>;
  /** The corrections made to a shipment, oldest first. */
  changes(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentChangeT[]>;
  get(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentT>;
  /** The shipment an order ref or a label's code names, as the API shows it; undefined when none. */
  find(accountId: number, by: { ref: string } | { code: string }): Promise<ShipmentT | undefined>;
  packages(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentT[]>;
  /** A package takes the next number of its parent: read and written in one transaction. */
  addPackage(accountId: number, parentIdOrCode: ShipmentRefT, input: PackageCreateT): Promise<ShipmentT>;
  /**
   * Cancels a shipment and, with it, its packages. Idempotent: canceling a canceled shipment changes
   * nothing. Once anything is in the carrier's hands nothing is canceled.
   */
  cancel(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentT>;
  search(accountId: number, q: ShipmentSearchT): Promise<ShipmentPage>;
  history(accountId: number, idOrCode: ShipmentRefT): Promise<TrackingEventT[]>;
  recordEvent(accountId: number, idOrCode: ShipmentRefT, e: EventCreateT): Promise<EventRecord>;
}

export function createShipmentService({
  db,
  clock,
  tracking,
  offices,
  timeZone,
}: ShipmentServiceDeps): ShipmentService {
  const read = shipmentLookups(db.stores.shipments);

  const view = readView;

  async function destinationFor(input: ImportedShipmentT): Promise<PartyT> {
    const method = input.method ?? 'STANDARD';
    if (method !== 'PICKUP') {
      if (input.office !== undefined)
        throw fieldError('/office', 'not_allowed', 'is only accepted with method PICKUP', {
          only_with: 'method=PICKUP',
        });
      if (!input.destination.address) throw fieldError('/destination/address', 'required', 'is required');
      return input.destination as PartyT;
    }
    if (input.type !== 'DELIVERY')
      throw fieldError('/type', 'const', 'must be DELIVERY with method PICKUP', {
        value: 'DELIVERY',
        with: 'method=PICKUP',
      });
    if (input.office === undefined)
      throw fieldError('/office', 'required', 'is required with method PICKUP', { with: 'method=PICKUP' });
    const officeAddress = await offices.pickupAddress(input.office);
    const given = input.destination.address;
    if (given && !sameAddress(given, officeAddress))
      throw fieldError('/destination/address', 'mismatch', "must equal the office's address (or be left out)");
    return { contact: input.destination.contact, address: officeAddress };
  }

  /** A new shipment of a create's input, its destination resolved. */
  const fromInput = (input: ImportedShipmentT, destination: PartyT) => ({
    ref: input.ref,
    type: input.type,
    method: input.method ?? 'STANDARD',
    office_id: input.office ?? null,
    value: input.value ?? null,
    content: input.content ?? null,
    notes: input.notes ?? null,
    platform: input.platform ?? null,
    origin: input.origin,
    destination,
    dimensions: input.dimensions,
    status: initialStatus(input.type),
    parent_id: null,
    number: null,
  });

  /** A shipment that may still be corrected: no label yet, not in the carrier's hands. */
  function correctable(s: ShipmentRecord): ShipmentRecord {
    if (s.labelled_at !== null)
      throw invalidState(`shipment ${s.code} has a label already; its parcel, method and office are printed on it`);
    if (!BEFORE_COLLECTION.has(s.status))
      throw invalidState(`shipment ${s.code} is ${s.status}; it can no longer be corrected`);
    return s;
  }

  /**
   * The correction asked for, applied to the shipment in memory, and what it changes (field by field). A PICKUP
   * takes its office's address, as on create; leaving PICKUP is refused, since the buyer's own address is gone.
   */
  async function corrected(s: ShipmentRecord, patch: ShipmentUpdateT) {
    const next: ShipmentRecord = { ...s, dimensions: { ...s.dimensions, ...patch.dimensions } };
    if (patch.method !== undefined) next.method = patch.method;
    if (patch.office !== undefined) next.office_id = patch.office;
    if (patch.content !== undefined) next.content = patch.content;
    if (patch.notes !== undefined) next.notes = patch.notes;
    if ((patch.method !== undefined || patch.office !== undefined) && (s.parent_id !== null || s.packages > 0))
      throw fieldError(
        patch.method !== undefined ? '/method' : '/office',
        'unsupported',
        'cannot change on a multi-origin shipment or its packages',
      );
    let addressChanged = false;
    if (next.method === 'PICKUP') {
      if (next.type !== 'DELIVERY') throw fieldError('/method', 'unsupported', 'PICKUP needs type DELIVERY');
      if (next.office_id === null)
        throw fieldError('/office', 'required', 'is required with method PICKUP', { with: 'method=PICKUP' });
      if (next.office_id !== s.office_id || s.method !== 'PICKUP') {
        next.destination = { contact: s.destination.contact, address: await offices.pickupAddress(next.office_id) };
        addressChanged = true;
      }
    } else {
      if (s.method === 'PICKUP')
        throw fieldError(
          '/method',
          'unsupported',
          "a PICKUP shipment's address is its office's: it cannot become a home delivery",
        );
      if (next.office_id !== null)
        throw fieldError('/office', 'not_allowed', 'is only accepted with method PICKUP', {
          only_with: 'method=PICKUP',
        });
    }
    const before: Record<ShipmentChangeRecord['changes'][number]['field'], unknown> = {
      dimensions: s.dimensions,
      method: s.method,
      office: s.office_id,
      content: s.content,
      notes: s.notes,
    };
    const after: typeof before = {
      dimensions: next.dimensions,
      method: next.method,
      office: next.office_id,
      content: next.content,
      notes: next.notes,
    };
    const changes = (Object.keys(before) as Array<keyof typeof before>)
      .filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f]))
      .map((field) => ({ field, from: before[field], to: after[field] }));
    return { next, changes, addressChanged };
  }

  /** Stores a new shipment and its first event; returns it as written (`twin`: a package's parent code). */
  async function insert(
    tx: ShipmentStores,
    accountId: number,
    s: Omit<NewShipment, 'code' | 'created_at' | 'updated_at' | 'account_id'>,
    twin: string | null,
  ): Promise<ShipmentRecord> {
    for (;;) {
      const written = { ...s, account_id: accountId, code: generateCode() };
      let id: number, at: number;
      try {
        ({ id, at } = await tx.shipments.insert(written, clock.now().getTime()));
      } catch (e) {
        // A code drawn twice (50 random bits) is drawn anew; a ref used twice is the caller's to change.
        if (e instanceof KeyTaken && e.key === 'code') continue;
        if (e instanceof KeyTaken) throw await duplicateRef(tx.shipments, accountId, s.ref);
        throw e;
      }
      await tracking.start(tx, id, s.status, at);
      return {
        ...written,
        id,
        created_at: at,
        updated_at: at,
        twin,
        packages: 0,
        sub_status: null,
        labelled_at: null,
      };
    }
  }

  return {
    /** Resolves once the shipment is committed. */
    async create(accountId: number, input: ShipmentCreateT): Promise<ShipmentT> {
      const destination = await destinationFor(input);
      // One view for the message and the answer: a create with an endpoint subscribed made it twice.
      let view: ShipmentT | undefined;
      const row = await db.transaction(async (tx) => {
        const row = await insert(tx, accountId, fromInput(input, destination), null);
        await announce(tx, accountId, 'shipment.created', () => (view = shipmentView(row, [])), row.created_at);
        return row;
      });
      return view ?? shipmentView(row, []);
    },

    /** The cross-field rules of a create, without writing: an import checks every order before it writes any. */
    async check(input: ImportedShipmentT): Promise<void> {
      await destinationFor(input);
    },

    /** The account's shipments of these refs (id and code only), by ref. */
    refsTaken: (accountId: number, refs: string[]) => db.stores.shipments.byRefs(accountId, refs),

    /**
     * An import's orders in one transaction: all of them are written, or none. A ref the account has already (a file
     * imported twice, or an order created meanwhile) is skipped and names the shipment that has it.
     */
    async importMany(accountId: number, inputs: ImportedShipmentT[]): Promise<Imported[]> {
      const destinations = await Promise.all(inputs.map(destinationFor));
      const written = await db.transaction(async (tx) => {
        const out: Array<ShipmentRecord | { id: number; code: string }> = [];
        const taken = await tx.shipments.byRefs(
          accountId,
          inputs.map((input) => input.ref),
        );
        for (const [i, input] of inputs.entries()) {
          const existing = taken.get(input.ref);
          if (existing) {
            out.push(existing);
            continue;
          }
          const row = await insert(tx, accountId, fromInput(input, destinations[i]!), null);
          await announce(tx, accountId, 'shipment.created', () => shipmentView(row, []), row.created_at);
          out.push(row);
        }
        return out;
      });
      return written.map((w) =>
        'ref' in w ? { created: true, shipment: shipmentView(w, []) } : { created: false, id: w.id, code: w.code },
      );
    },

    /**
     * Corrects a shipment before its label (the parcel weighed at the bench, another box, method, office, texts).
     * Once a label exists the label is the truth: 409. Each correction that changes something is kept in the
     * shipment's history of changes; one that changes nothing writes nothing.
     */
    async update(
      accountId: number,
      idOrCode: ShipmentRefT,
      patch: ShipmentUpdateT,
      madeBy: string,
    ): Promise<ShipmentT> {
      for (;;) {
        const s = correctable(await read.resolve(accountId, idOrCode));
        // Decided before the transaction, which awaits nothing but its stores (a PICKUP's office is looked up).
        const { next, changes, addressChanged } = await corrected(s, patch);
        const done = await db.transaction(async (tx) => {
          const current = correctable(await shipmentLookups(tx.shipments).resolve(accountId, s.id));
          // Changed meanwhile (another correction, a label, a move): decided again on what it is now.
          if (JSON.stringify(current) !== JSON.stringify(s)) return null;
          if (changes.length === 0) return view(tx.shipments, current);
          const at = clock.now().getTime();
          await tx.shipments.correct(next, at, addressChanged);
          await tx.shipments.recordChange(s.id, at, changes, madeBy);
          return view(tx.shipments, (await tx.shipments.byId(accountId, s.id))!);
        });
        if (done) return done;
      }
    },

    /** The corrections made to a shipment, oldest first. */
    async changes(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentChangeT[]> {
      const s = await read.resolve(accountId, idOrCode);
      return (await db.stores.shipments.changesOf(s.id)).map((c) => ({
        id: c.id,
        date: new Date(c.date).toISOString(),
        made_by: c.made_by,
        changes: c.changes,
      }));
    },

    get: async (accountId: number, idOrCode: ShipmentRefT) =>
      view(db.stores.shipments, await read.resolve(accountId, idOrCode)),

    /** The shipment an order ref or a label's code names, as the API shows it; undefined when none. */
    async find(accountId: number, by: { ref: string } | { code: string }): Promise<ShipmentT | undefined> {
      const row = await read.find(accountId, by);
      return row && view(db.stores.shipments, row);
    },

    async packages(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentT[]> {
      const parent = await read.resolve(accountId, idOrCode);
      const children = await db.stores.shipments.children(parent.id);
      return Promise.all(children.map((c) => view(db.stores.shipments, c)));
    },

    /** A package takes the next number of its parent: read and written in one transaction. */
    async addPackage(accountId: number, parentIdOrCode: ShipmentRefT, input: PackageCreateT): Promise<ShipmentT> {
      const row = await db.transaction(async (tx) => {
        const parent = await shipmentLookups(tx.shipments).resolve(accountId, parentIdOrCode);
        if (parent.parent_id !== null)
          throw invalidState(`${parent.code} is itself a package; add packages to ${parent.twin}`);
        if (isFinal(parent.status))
          throw invalidState(`shipment ${parent.code} is ${parent.status}; no packages can be added`);
        const row = await insert(
          tx,
          accountId,
          {
            ref: input.ref,
            type: parent.type,
            method: parent.method,
            office_id: parent.office_id,
            value: input.value ?? null,
            content: input.content ?? null,
            notes: input.notes ?? null,
            platform: parent.platform,
            origin: input.origin,
            destination: parent.destination,
            dimensions: input.dimensions,
            status: initialStatus(parent.type),
            parent_id: parent.id,
            number: parent.packages + 1,
          },
          parent.code,
        );
        await tx.shipments.countPackage(parent.id, clock.now().getTime());
        await announce(tx, accountId, 'package.created', () => shipmentView(row, []), row.created_at);
        return row;
      });
      return shipmentView(row, []);
    },

    /**
     * Cancels a shipment and, with it, its packages. Idempotent: canceling a canceled shipment changes
     * nothing. Once anything is in the carrier's hands nothing is canceled.
     */
    cancel(accountId: number, idOrCode: ShipmentRefT): Promise<ShipmentT> {
      return db.transaction(async (tx) => {
        const s = await shipmentLookups(tx.shipments).resolve(accountId, idOrCode);
        if (s.status !== 'CANCELED') {
          const pieces = [s, ...(await tx.shipments.children(s.id)).filter((c) => c.status !== 'CANCELED')];
          for (const p of pieces) await announceMove(tx, accountId, await tracking.move(tx, p, { status: 'CANCELED' }));
        }
        return view(tx.shipments, (await tx.shipments.byId(accountId, s.id))!);
      });
    },

    async search(accountId: number, q: ShipmentSearchT) {
      const window = pageWindow(q);
      const filter = await searchFilter(accountId, q, window, clock, timeZone);
      // A q with no word characters ("--") cannot match anything.
      if (!filter) return pageEnvelope([], 0, window);
      const { rows, total } = await db.stores.shipments.search(filter);
      return pageEnvelope(await Promise.all(rows.map((r) => view(db.stores.shipments, r))), total, window);
    },

    history: async (accountId: number, idOrCode: ShipmentRefT) =>
      tracking.history((await read.resolve(accountId, idOrCode)).id),

    recordEvent(accountId: number, idOrCode: ShipmentRefT, e: EventCreateT) {
      return db.transaction(async (tx) => {
        const event = await tracking.move(tx, await shipmentLookups(tx.shipments).resolve(accountId, idOrCode), e);
        await announceMove(tx, accountId, event);
        return event;
      });
    },
  };
}

/** The refusal of a ref the account has used already, naming the shipment that has it. */
async function duplicateRef(store: ShipmentStore, accountId: number, ref: string): Promise<DomainError> {
  const existing = (await store.byRef(accountId, ref))!;
  return new DomainError('duplicate_ref', `ref ${ref} is already used by shipment ${existing.code}`, {
    extra: { existing: { id: existing.id, code: existing.code } },
  });
}

function sameAddress(a: AddressT, b: AddressT): boolean {
  const keys = ['street', 'city', 'state', 'country', 'zip'] as const;
  return keys.every((k) => a[k].localeCompare(b[k], undefined, { sensitivity: 'accent' }) === 0);
}
