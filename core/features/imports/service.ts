import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Clock } from '../../platform/clock.js';
import { DomainError, fieldError, notFound } from '../../shared/errors.js';
import type { PresetT } from '../presets/schemas.js';
import type { PartyT } from '../../platform/schemas/common.js';
import type { ImportedShipmentT, ShipmentT } from '../shipments/schemas.js';
import { importText } from './decode.js';
import {
  BUILTINS,
  GENERIC,
  findHeader,
  hasColumn,
  indexHeader,
  savedMapping,
  columnsOf,
  type Mapping,
} from './mappings.js';
import { bindMapping, buildShipment, gatherOrders, type OrderRows } from './orders.js';
import { createImportProgress } from './progress.js';
import {
  BUILTIN_MAPPINGS,
  type ImportMappingInputT,
  type ImportMappingListT,
  type ImportMappingT,
  type ImportProgressT,
  type ImportResultT,
  type ImportRowErrorT,
  type ShipmentImportT,
} from './schemas.js';
import type { MappingStore } from './store.js';
import type { UnitOfWork } from '../../platform/unit-of-work.js';
import { readCsv, readJson, type Table } from './table.js';

/** Orders checked between two turns of the event loop: the import's progress can be asked for meanwhile. */
const CHUNK = 500;
/** Bad rows an answer lists (the total is given too): enough to fix a file, not a 10,000-line answer. */
const ERRORS_LISTED = 1000;
const PREVIEWED = 20;

/** An import refused whole because some rows are bad: nothing was written. `rows` names each row and column. */
export class ImportRefused extends DomainError {
  constructor(errors: ImportRowErrorT[], extra: Record<string, unknown>) {
    const n = errors.length;
    const listed = errors.slice(0, ERRORS_LISTED);
    super('validation_failed', `${n} bad row${n === 1 ? '' : 's'}; nothing was imported`, {
      errors: listed.map(({ row, column, field, message, code, params }) => ({
        path: `row ${row}: ${column || field}`,
        message,
        code,
        ...(params ? { params } : {}),
      })),
      extra: { ...extra, rows: listed, errors_total: n },
    });
  }
}

export interface ImportServiceDeps {
  db: UnitOfWork<{ importMappings: MappingStore }>;
  clock: Clock;
  shipments: {
    check(input: ImportedShipmentT): Promise<void>;
    refsTaken(accountId: number, refs: string[]): Promise<Map<string, { id: number; code: string }>>;
    importMany(
      accountId: number,
      inputs: ImportedShipmentT[],
    ): Promise<Array<{ created: true; shipment: ShipmentT } | { created: false; id: number; code: string }>>;
  };
  /** The account's default sender: the origin of every imported order. */
  defaultSender(accountId: number): Promise<PartyT>;
  presets(accountId: number): Promise<PresetT[]>;
}

const builtinList = () =>
  [...Object.values(BUILTINS), GENERIC].map((m) => ({
    name: m.name as (typeof BUILTIN_MAPPINGS)[number],
    title: m.title,
    platform: m.platform,
  }));

/**
 * Order imports: a platform's export (or a generic CSV, or a saved mapping's file) becomes shipments waiting for
 * their label. Every order is checked before any is written; one bad row refuses the file whole, naming each bad
 * row and column; an order whose ref exists is skipped, so that importing a file twice creates nothing the second
 * time. The write is one transaction.
 */
/** Order imports: run (or a dry run), followed while they run, and the saved mappings of columns they read by. */
export interface ImportService {
  run(accountId: number, body: ShipmentImportT): Promise<ImportResultT>;
  /** How far an import of this account has come; 404 when the station knows no such import. */
  progress(accountId: number, importId: string): ImportProgressT;
  mappings(accountId: number): Promise<ImportMappingListT>;
  saveMapping(accountId: number, name: string, m: ImportMappingInputT): Promise<ImportMappingT>;
  deleteMapping(accountId: number, name: string): Promise<{ deleted: true }>;
}

export function createImportService(deps: ImportServiceDeps): ImportService {
  const progress = createImportProgress();
  const mappings = deps.db.stores.importMappings;

  async function savedOrBuiltin(accountId: number, name: string): Promise<Mapping> {
    if (name === 'generic') return GENERIC;
    if (Object.hasOwn(BUILTINS, name)) return BUILTINS[name as keyof typeof BUILTINS];
    const saved = await mappings.get(accountId, name);
    if (saved) return savedMapping(saved);
    const known = [...BUILTIN_MAPPINGS, ...(await mappings.list(accountId)).map((m) => m.name)];
    throw fieldError('/mapping', 'unknown', `no mapping named ${name} (known: ${known.join(', ')})`, {
      value: name,
      allowed: known,
    });
  }

  /** The mapping of the file and its header row: the one asked for, else the first whose columns the file has. */
  async function resolve(accountId: number, body: ShipmentImportT, table: Table) {
    const rows = table.header ? [{ row: 0, cells: table.header }] : table.rows;
    const candidates: Mapping[] =
      body.mapping !== undefined
        ? [await savedOrBuiltin(accountId, body.mapping)]
        : body.platform !== undefined
          ? [...Object.values(BUILTINS).filter((m) => m.platform === body.platform), GENERIC]
          : [...Object.values(BUILTINS), GENERIC];
    for (const mapping of candidates) {
      const at = findHeader(rows, mapping.signature);
      if (at === undefined) continue;
      const header = rows[at]!.cells;
      if (mapping.strict) {
        const index = indexHeader(header);
        const missing = Object.values(mapping.fields)
          .flatMap((s) => columnsOf(s))
          .filter((c) => !hasColumn(index, c));
        if (missing.length)
          throw fieldError('/text', 'required', `lacks the columns of mapping ${mapping.name}: ${missing.join(', ')}`, {
            columns: missing,
          });
      }
      return { mapping, header, data: table.header ? table.rows : table.rows.slice(at + 1) };
    }
    const first = rows.find((r) => r.cells.some((c) => c !== ''))?.cells ?? [];
    const wanted = candidates.length === 1 ? candidates[0]! : undefined;
    throw new DomainError(
      'validation_failed',
      wanted
        ? `the file has no header row with the columns of ${wanted.title} (${wanted.signature.join(', ')})`
        : 'the columns are not those of a known export (Tiendanube, WooCommerce, Mercado Libre, VTEX) nor the ' +
            "contract's field paths: choose the platform, or a saved mapping",
      {
        errors: [
          {
            path: '/text',
            message: 'has no header row the station recognises',
            code: 'format',
            params: { format: 'import' },
          },
        ],
        extra: { columns: first.filter((c) => c !== '').slice(0, 200) },
      },
    );
  }

  async function boxOf(accountId: number, key: string | undefined) {
    if (key === undefined) return null;
    const p = (await deps.presets(accountId)).find((x) => x.key === key);
    if (!p) throw fieldError('/preset', 'unknown', `no package preset has the key ${key}`, { value: key });
    return {
      key,
      length: p.length,
      width: p.width,
      height: p.height,
      ...(p.weight !== undefined ? { weight: p.weight } : {}),
    };
  }

  async function run(accountId: number, body: ShipmentImportT): Promise<ImportResultT> {
    const report = progress.start(accountId, body.import_id);
    try {
      const text = importText(body.text, body.encoding);
      // A CSV's header row is among its first rows: the mapping is found there, then the whole file is read for the
      // columns it uses.
      const table = body.format === 'json' ? readJson(text) : readCsv(text, { to: 15 });
      const { mapping, header, data: firstRows } = await resolve(accountId, body, table);
      const bound = bindMapping(mapping, header);
      const data =
        body.format === 'json'
          ? firstRows
          : readCsv(text, { keep: bound.columns }).rows.slice(table.rows.length - firstRows.length);
      const box = await boxOf(accountId, body.preset);
      const index = indexHeader(header);
      const sized = (['length', 'width', 'height'] as const).every((d) => {
        const s = mapping.fields[`dimensions.${d}`];
        return s !== undefined && columnsOf(s).every((c) => hasColumn(index, c));
      });
      if (!box && !sized)
        throw fieldError(
          '/preset',
          'required',
          'is required: the file gives no parcel sizes; choose a package preset (its box, and its weight where an order has none)',
        );
      const errors: ImportRowErrorT[] = [];
      const orders = gatherOrders(data, bound, errors);
      const ctx = {
        mapping,
        bound,
        platform: body.platform ?? mapping.platform,
        origin: await deps.defaultSender(accountId),
        box,
      };
      report({ phase: 'checking', orders: orders.length });

      const ready: Array<{ order: OrderRows; shipment: ImportedShipmentT }> = [];
      for (let i = 0; i < orders.length; i += CHUNK) {
        for (const order of orders.slice(i, i + CHUNK)) {
          const built = await buildShipment(order, ctx, (s) => deps.shipments.check(s));
          if ('errors' in built) errors.push(...built.errors);
          else ready.push({ order, shipment: built.shipment });
        }
        report({ checked: Math.min(i + CHUNK, orders.length), errors: errors.length });
        await nextTurn();
      }
      const summary = {
        mapping: { name: mapping.name, title: mapping.title, platform: mapping.platform },
        rows: data.filter((r) => r.cells.some((c) => c !== '')).length,
        orders: orders.length,
      };
      if (errors.length) {
        errors.sort((a, b) => a.row - b.row);
        report({ phase: 'refused', errors: errors.length });
        throw new ImportRefused(errors, { mapping: summary.mapping, orders: summary.orders });
      }

      const skipped: ImportResultT['skipped'] = [];
      const fresh: typeof ready = [];
      const taken = await deps.shipments.refsTaken(
        accountId,
        ready.map((r) => r.shipment.ref),
      );
      for (const r of ready) {
        const hit = taken.get(r.shipment.ref);
        if (hit) skipped.push({ row: r.order.row, ref: r.order.ref, id: hit.id, code: hit.code });
        else fresh.push(r);
      }
      const preview = fresh.slice(0, PREVIEWED).map((r) => r.shipment);
      if (body.dry_run) {
        report({ phase: 'done', skipped: skipped.length });
        return {
          dry_run: true,
          ...summary,
          created: fresh.map((r) => ({ row: r.order.row, ref: r.order.ref })),
          skipped,
          preview,
        };
      }

      report({ phase: 'writing', skipped: skipped.length });
      // One turn of the loop, so that whoever follows the progress sees "writing" before the write holds the loop.
      await nextTurn();
      const written = await deps.shipments.importMany(
        accountId,
        fresh.map((r) => r.shipment),
      );
      const created: ImportResultT['created'] = [];
      written.forEach((w, i) => {
        const { order } = fresh[i]!;
        if (w.created) created.push({ row: order.row, ref: order.ref, id: w.shipment.id, code: w.shipment.code });
        // Created by someone else between the check and the write: skipped like the others.
        else skipped.push({ row: order.row, ref: order.ref, id: w.id, code: w.code });
      });
      report({ phase: 'done', created: created.length, skipped: skipped.length });
      return { dry_run: false, ...summary, created, skipped, preview };
    } catch (e) {
      report({ phase: e instanceof ImportRefused ? 'refused' : 'failed' });
      throw e;
    }
  }

  return {
    run,

    progress(accountId: number, importId: string) {
      const p = progress.get(accountId, importId);
      if (!p) throw notFound(`import ${importId}`);
      return p;
    },

    async mappings(accountId: number) {
      return { data: await mappings.list(accountId), builtin: builtinList() };
    },

    async saveMapping(accountId: number, name: string, m: ImportMappingInputT): Promise<ImportMappingT> {
      if ((BUILTIN_MAPPINGS as readonly string[]).includes(name.toLowerCase()))
        throw fieldError('/name', 'reserved', `is the name of a built-in mapping`);
      return deps.db.transaction(async (tx) => {
        await tx.importMappings.save(accountId, name, m, deps.clock.now().getTime());
        return (await tx.importMappings.get(accountId, name))!;
      });
    },

    async deleteMapping(accountId: number, name: string): Promise<{ deleted: true }> {
      if (!(await deps.db.transaction((tx) => tx.importMappings.remove(accountId, name))))
        throw notFound(`mapping ${name}`);
      return { deleted: true };
    },
  };
}
