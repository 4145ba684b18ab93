import { DateTime } from 'luxon';
import { isoOrNull, type Clock } from '../clock.js';
import { DomainError, fieldError, invalidState, notFound } from '../errors.js';
import { pageEnvelope, pageWindow, type AddressT, type PartyT } from '../schemas/common.js';
import { inTransaction, type Db } from '../store/db.js';
import type { GroupCommit } from '../store/group-commit.js';
import type { Tracking } from '../tracking/service.js';
import { ACTIVE_STATUSES, actionsOf, initialStatus, isFinal } from '../tracking/transitions.js';
import { generateCode } from './code.js';
import type {
  PackageCreateT,
  SearchParty,
  ShipmentChangeT,
  ShipmentCreateT,
  ShipmentRefT,
  ShipmentSearchT,
  ShipmentT,
  ShipmentUpdateT,
} from './schemas.js';
import type { NewShipment, ShipmentChangeRecord, ShipmentRecord } from './record.js';
import type { SearchFilter } from './search.js';
import { KeyTaken, type ShipmentStore } from './store.js';

const DAY_MS = 86_400_000;

/** A shipment is corrected before the carrier has it: once collected (or canceled) its parcel is what it is. */
const BEFORE_COLLECTION = new Set<string>(['TO_CONFIRM', 'TO_COLLECT', 'TO_RECOVER']);

const DATE_COLUMNS = {
  CREATED: 'created_at',
  UPDATED: 'updated_at',
  LABELLED: 'labelled_at',
} as const satisfies Record<NonNullable<ShipmentSearchT['date_type']>, SearchFilter['dateColumn']>;

/** What a PICKUP shipment needs from the office directory. */
export interface PickupOffices {
  /** The address of a usable office, or a not_found / validation_failed error naming `/office`. */
  pickupAddress(officeId: number): AddressT;
}

function shipmentView(r: ShipmentRecord, packages: ShipmentRecord[]): ShipmentT {
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

/** The columns of the search index each `party` searches (migration 016); ref and code are always searched. */
const PARTY_COLUMNS: Record<SearchParty, string> = {
  ANY: '',
  RECEIVER: '{ident receiver} : ',
  SENDER: '{ident sender} : ',
};

/**
 * `q` → an FTS5 query. Each word (split at white space) must match, as a phrase: its parts in order, side by side,
 * the last one as a prefix. `LNRJ6-3` finds the refs that go on from `LNRJ6-3`, not every shipment with a 3 in its
 * street number. Quoting keeps FTS syntax out of user text; a word with no letter or digit is dropped.
 */
export function ftsQuery(q: string, party: SearchParty = 'ANY'): string | undefined {
  const words = q.split(/\s+/u).filter((w) => /[\p{L}\p{N}]/u.test(w));
  return words.length ? words.map((w) => `${PARTY_COLUMNS[party]}"${w.replaceAll('"', '""')}"*`).join(' ') : undefined;
}

export interface ShipmentServiceDeps {
  db: Db;
  /** Creates share their commit with the others of the same moment (store/group-commit.ts). */
  commits: GroupCommit;
  clock: Clock;
  store: ShipmentStore;
  tracking: Tracking;
  offices: PickupOffices;
  timeZone: () => string;
}

export function createShipmentService({ db, commits, clock, store, tracking, offices, timeZone }: ShipmentServiceDeps) {
  /** The response of a shipment; a parent's packages are read only when it has some, for what a cancel would do. */
  const view = (r: ShipmentRecord) => shipmentView(r, r.packages > 0 ? store.children(r.id) : []);

  /** The refusal of a ref the account has used already, naming the shipment that has it. */
  function duplicateRef(accountId: number, ref: string): DomainError {
    const existing = store.byRef(accountId, ref)!;
    return new DomainError('duplicate_ref', `ref ${ref} is already used by shipment ${existing.code}`, {
      extra: { existing: { id: existing.id, code: existing.code } },
    });
  }

  /** `{id}` in a path: a number (or digits) is the numeric id, anything else the code. Another account's is not found. */
  function resolve(accountId: number, idOrCode: ShipmentRefT): ShipmentRecord {
    if (typeof idOrCode === 'string' && !/^\d+$/.test(idOrCode)) return byCode(accountId, idOrCode);
    const row = store.byId(accountId, Number(idOrCode));
    if (!row) throw notFound(`shipment ${idOrCode}`);
    return row;
  }

  /** The account's shipment with this code, in any letter case; another account's is not found. */
  function byCode(accountId: number, code: string): ShipmentRecord {
    const row = store.byCode(accountId, code.toUpperCase());
    if (!row) throw notFound(`shipment ${code}`);
    return row;
  }

  function destinationFor(input: ShipmentCreateT): PartyT {
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
    const officeAddress = offices.pickupAddress(input.office);
    const given = input.destination.address;
    if (given && !sameAddress(given, officeAddress))
      throw fieldError('/destination/address', 'mismatch', "must equal the office's address (or be left out)");
    return { contact: input.destination.contact, address: officeAddress };
  }

  /** Stores a new shipment and its first event; returns it as written (`twin`: a package's parent code). */
  function insert(
    accountId: number,
    s: Omit<NewShipment, 'code' | 'created_at' | 'updated_at' | 'account_id'>,
    twin: string | null,
  ): ShipmentRecord {
    const now = store.creationTime(clock.now().getTime());
    for (;;) {
      const written = { ...s, account_id: accountId, code: generateCode(), created_at: now, updated_at: now };
      let id: number;
      try {
        id = store.insert(written);
      } catch (e) {
        // A code drawn twice (50 random bits) is drawn anew; a ref used twice is the caller's to change.
        if (e instanceof KeyTaken && e.key === 'code') continue;
        if (e instanceof KeyTaken) throw duplicateRef(accountId, s.ref);
        throw e;
      }
      tracking.start(id, s.status, now);
      return { ...written, id, twin, packages: 0, sub_status: null, labelled_at: null };
    }
  }

  /** The create itself; `commits` makes it atomic and durable. */
  function writeNew(accountId: number, input: ShipmentCreateT, destination: PartyT): ShipmentT {
    const row = insert(
      accountId,
      {
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
      },
      null,
    );
    return shipmentView(row, []);
  }

  /**
   * The correction asked for, applied to the shipment in memory, and what it changes (field by field). A PICKUP
   * takes its office's address, as on create; leaving PICKUP is refused, since the buyer's own address is gone.
   */
  function corrected(s: ShipmentRecord, patch: ShipmentUpdateT) {
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
        next.destination = { contact: s.destination.contact, address: offices.pickupAddress(next.office_id) };
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

  /** An order of an import, written or found: its ref was free (created) or is the account's already (skipped). */
  type Imported = { created: true; shipment: ShipmentT } | { created: false; id: number; code: string };

  return {
    resolve,
    byCode,

    /** The cross-field rules of a create, without writing: an import checks every order before it writes any. */
    check(input: ShipmentCreateT): void {
      destinationFor(input);
    },

    /** The account's shipment of this ref, if any (id and code only). */
    refTaken: (accountId: number, ref: string) => store.byRef(accountId, ref),

    /**
     * An import's orders in one transaction: all of them are written, or none. A ref the account has already (a file
     * imported twice, or an order created meanwhile) is skipped and names the shipment that has it.
     */
    importMany(accountId: number, inputs: ShipmentCreateT[]): Imported[] {
      return inTransaction(db, () =>
        inputs.map((input): Imported => {
          const existing = store.byRef(accountId, input.ref);
          if (existing) return { created: false, id: existing.id, code: existing.code };
          return { created: true, shipment: writeNew(accountId, input, destinationFor(input)) };
        }),
      );
    },

    /**
     * Corrects a shipment before its label (the parcel weighed at the bench, another box, method, office, texts).
     * Once a label exists the label is the truth: 409. Each correction that changes something is kept in the
     * shipment's history of changes; one that changes nothing writes nothing.
     */
    update(accountId: number, idOrCode: ShipmentRefT, patch: ShipmentUpdateT, madeBy: string): ShipmentT {
      return inTransaction(db, () => {
        const s = resolve(accountId, idOrCode);
        if (s.labelled_at !== null)
          throw invalidState(`shipment ${s.code} has a label already; its parcel, method and office are printed on it`);
        if (!BEFORE_COLLECTION.has(s.status))
          throw invalidState(`shipment ${s.code} is ${s.status}; it can no longer be corrected`);
        const { next, changes, addressChanged } = corrected(s, patch);
        if (changes.length === 0) return view(s);
        const now = clock.now().getTime();
        store.correct(next, now, addressChanged);
        store.recordChange(s.id, now, changes, madeBy);
        return view(store.byId(accountId, s.id)!);
      });
    },

    /** The corrections made to a shipment, oldest first. */
    changes(accountId: number, idOrCode: ShipmentRefT): ShipmentChangeT[] {
      return store.changesOf(resolve(accountId, idOrCode).id).map((c) => ({
        id: c.id,
        date: new Date(c.date).toISOString(),
        made_by: c.made_by,
        changes: c.changes,
      }));
    },

    /** What an order number or a label's code names, if anything: the account's shipment with that ref, or that code. */
    find(accountId: number, by: { ref: string } | { code: string }): ShipmentT | undefined {
      if ('code' in by) {
        const row = store.byCode(accountId, by.code.toUpperCase());
        return row && view(row);
      }
      const hit = store.byRef(accountId, by.ref);
      return hit && view(store.byId(accountId, hit.id)!);
    },

    /** The account a shipment code belongs to, for tools that act without a token (`station print --to`). */
    accountOfCode(code: string): number {
      const accountId = store.accountOfCode(code.toUpperCase());
      if (accountId === undefined) throw notFound(`shipment ${code}`);
      return accountId;
    },

    /** Resolves once the shipment is committed, with the other creates of the moment (one fsync for all). */
    async create(accountId: number, input: ShipmentCreateT): Promise<ShipmentT> {
      const destination = destinationFor(input);
      return commits.write(() => writeNew(accountId, input, destination));
    },

    get: (accountId: number, idOrCode: ShipmentRefT) => view(resolve(accountId, idOrCode)),

    packages: (accountId: number, idOrCode: ShipmentRefT) => store.children(resolve(accountId, idOrCode).id).map(view),

    addPackage(accountId: number, parentIdOrCode: ShipmentRefT, input: PackageCreateT): ShipmentT {
      return inTransaction(db, () => {
        const parent = resolve(accountId, parentIdOrCode);
        if (parent.parent_id !== null)
          throw invalidState(`${parent.code} is itself a package; add packages to ${parent.twin}`);
        if (isFinal(parent.status))
          throw invalidState(`shipment ${parent.code} is ${parent.status}; no packages can be added`);
        const row = insert(
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
        store.countPackage(parent.id, clock.now().getTime());
        return shipmentView(row, []);
      });
    },

    /**
     * Cancels a shipment and, with it, its packages. Idempotent: canceling a canceled shipment changes
     * nothing. Once anything is in the carrier's hands nothing is canceled.
     */
    cancel(accountId: number, idOrCode: ShipmentRefT): ShipmentT {
      return inTransaction(db, () => {
        const s = resolve(accountId, idOrCode);
        if (s.status === 'CANCELED') return view(s);
        const pieces = [s, ...store.children(s.id).filter((c) => c.status !== 'CANCELED')];
        for (const p of pieces) tracking.move(p, { status: 'CANCELED' });
        return view(store.byId(accountId, s.id)!);
      });
    },

    search(accountId: number, q: ShipmentSearchT) {
      const window = pageWindow(q);
      const filter: SearchFilter = {
        accountId,
        dateColumn: DATE_COLUMNS[q.date_type ?? 'CREATED'],
        newestFirst: (q.sort ?? 'NEWEST') === 'NEWEST',
        limit: window.size,
        offset: window.offset,
      };
      // An empty value (a cleared search box sends `q=`) is no filter at all.
      if (q.q) {
        const match = ftsQuery(q.q, q.party);
        // A q with no word characters ("--") cannot match anything.
        if (match === undefined) return pageEnvelope([], 0, window);
        filter.match = match;
        filter.whole = q.q.trim();
      }
      if (q.code) filter.code = q.code.toUpperCase();
      if (q.status !== undefined) filter.status = q.status;
      if (q.substatus !== undefined) filter.subStatus = q.substatus;
      if (q.platform !== undefined) filter.platform = q.platform;
      // Looked up only when needed: resolving the system zone costs about half a millisecond.
      if (q.date_range_min !== undefined) filter.from = dateBound(q.date_range_min, timeZone(), 'min');
      if (q.date_range_max !== undefined) filter.to = dateBound(q.date_range_max, timeZone(), 'max');
      if (filter.from !== undefined && filter.to !== undefined && filter.from > filter.to)
        throw fieldError('/date_range_max', 'order', 'must not be before date_range_min', { other: 'date_range_min' });
      if (q.date_key) {
        const since = clock.now().getTime() - (q.date_key === 'LAST_DAY' ? DAY_MS : 30 * DAY_MS);
        filter.from = Math.max(filter.from ?? since, since);
      }
      if (q.shortcut === 'PENDING') filter.pending = true;
      if (q.shortcut === 'ACTIVE') filter.statusIn = ACTIVE_STATUSES;
      const { rows, total } = store.search(filter);
      return pageEnvelope(
        rows.map((r) => view(r)),
        total,
        window,
      );
    },

    /** The account's shipment with this code (any letter case), or undefined. */
    recordByCode: (accountId: number, code: string) => store.byCode(accountId, code.toUpperCase()),

    /** The account's shipment with this id, or undefined. */
    byId: (accountId: number, id: number) => store.byId(accountId, id),

    /** A parent's packages, by number. */
    packagesOf: (parentId: number) => store.children(parentId),

    /** Marks a shipment as labelled (first time only); used by the label generator. */
    markLabelled(s: ShipmentRecord): void {
      store.markLabelled(s.id, clock.now().getTime());
    },

    history(accountId: number, idOrCode: ShipmentRefT) {
      return tracking.history(resolve(accountId, idOrCode).id);
    },

    recordEvent(accountId: number, idOrCode: ShipmentRefT, e: Parameters<Tracking['move']>[1]) {
      return inTransaction(db, () => {
        const s = resolve(accountId, idOrCode);
        return tracking.move(s, e);
      });
    },
  };
}

function sameAddress(a: AddressT, b: AddressT): boolean {
  const keys = ['street', 'city', 'state', 'country', 'zip'] as const;
  return keys.every((k) => a[k].localeCompare(b[k], undefined, { sensitivity: 'accent' }) === 0);
}

/**
 * A date filter bound in epoch ms. A plain date covers its whole day in the station's time zone, so the
 * minimum is its first millisecond and the maximum its last.
 */
export function dateBound(value: string, zone: string, side: 'min' | 'max'): number {
  const path = side === 'min' ? '/date_range_min' : '/date_range_max';
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const day = DateTime.fromISO(value, { zone });
    if (!day.isValid) throw fieldError(path, 'format', 'is not a calendar date', { format: 'date' });
    return (side === 'min' ? day.startOf('day') : day.endOf('day')).toMillis();
  }
  const t = DateTime.fromISO(value, { setZone: true });
  if (!t.isValid) throw fieldError(path, 'format', 'is not a valid date-time', { format: 'date-time' });
  return t.toMillis();
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
