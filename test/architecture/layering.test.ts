import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/station.js';

/**
 * The layering rules live in `.dependency-cruiser.cjs` (each with its reason); this runs dependency-cruiser over
 * the three runtimes, so a wrong import fails `npm test` with the tool's own report.
 */
const CLI = join(ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = join(ROOT, '.dependency-cruiser.cjs');

function depcruise(cwd: string, args: string[]) {
  // The JSON report of the whole tree passed spawnSync's 1 MiB default (ENOBUFS) when the desk's part A landed.
  const r = spawnSync(process.execPath, [CLI, '--config', CONFIG, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  return { exit: r.status, out: `${r.stdout}${r.stderr}` };
}

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
  cycle?: { name: string }[];
}
const key = (v: Violation) => `${v.rule.name}: ${v.from} → ${v.to}`;
/** One line a reader can act on: the rule, the import, and for a cycle the way round it. */
const explain = (v: Violation) =>
  key(v) + (v.cycle ? ` (cycle: ${[v.from, ...v.cycle.map((c) => c.name)].join(' → ')})` : '');

interface Cruised {
  summary: { violations: Violation[] };
  modules: { source: string; dependencies: { resolved: string }[] }[];
}

const FOLDER_CYCLE = 'no-folder-cycle-in-core';
const FOLDER_CYCLE_WHY =
  'Two folders of core that import each other (directly or round a loop): move what both need to its own place. ' +
  'Type-only imports count; a folder and the folders beneath it are one part.';

/**
 * The loops between folders of core, each import that closes one with the way round it. The cruiser's folder scope
 * counts what a subfolder imports as its parent's too: the typed client's read of the operation table's types
 * (core/shared/client → core/app/api.ts) would then stand for all of core/shared and close a loop with every feature.
 */
function folderCycles(modules: Cruised['modules']): Violation[] {
  const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));
  const edges = new Map<string, Set<string>>();
  for (const m of modules) {
    if (!m.source.startsWith('core/')) continue;
    for (const d of m.dependencies) {
      const [from, to] = [folderOf(m.source), folderOf(d.resolved)];
      // A folder and the folders beneath it are one part (engines/open.ts picks engines/sqlite, which implements
      // engines/engine.ts); what is compared are parts beside each other.
      const nested = from === to || to.startsWith(`${from}/`) || from.startsWith(`${to}/`);
      if (d.resolved.startsWith('core/') && !nested) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  /** The shortest way from one folder to another, or null. */
  const way = (from: string, to: string): string[] | null => {
    const came = new Map<string, string>([[from, '']]);
    for (let queue = [from]; queue.length;) {
      const at = queue.shift()!;
      for (const next of edges.get(at) ?? []) {
        if (came.has(next)) continue;
        came.set(next, at);
        if (next === to) {
          const path = [to];
          while (path[0] !== from) path.unshift(came.get(path[0]!)!);
          return path;
        }
        queue.push(next);
      }
    }
    return null;
  };
  const found: Violation[] = [];
  for (const [from, tos] of edges)
    for (const to of tos) {
      const back = way(to, from);
      if (back) found.push({ from, to, rule: { name: FOLDER_CYCLE }, cycle: back.map((name) => ({ name })) });
    }
  return found;
}

function violations(cwd: string, dirs: string[]): Violation[] {
  const { out } = depcruise(cwd, ['--output-type', 'json', ...dirs]);
  const cruised = JSON.parse(out) as Cruised;
  return [...cruised.summary.violations, ...folderCycles(cruised.modules)];
}

describe('layering (dependency-cruiser)', () => {
  const found = violations(ROOT, ['core', 'electron', 'renderer']);

  it('no import breaks the layering: no cycle between folders of core or features of the desk, or between modules, each runtime in its lane', () => {
    const rules = new Map<string, string>(
      (createRequire(import.meta.url)(CONFIG) as { forbidden: { name: string; comment?: string }[] }).forbidden.map(
        (r) => [r.name, r.comment ?? ''],
      ),
    ).set(FOLDER_CYCLE, FOLDER_CYCLE_WHY);
    const broken = found.map((v) => `${explain(v)}\n    why: ${rules.get(v.rule.name)}`);
    expect(broken, `${broken.length} import(s) break the layering (.dependency-cruiser.cjs)`).toEqual([]);
  });

  describe('the rules catch what they are for', () => {
    // A rule whose path matches nothing would pass forever: each one is shown a file that breaks it.
    const dir = mkdtempSync(join(tmpdir(), 'layering-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'core/a/one.ts': "import { two } from '../b/two.js';\nexport const one = () => two;",
      'core/b/two.ts': "import type { three } from '../a/three.js';\nexport const two: typeof three = 2;",
      'core/a/three.ts': "import type { one } from './one.js';\nexport const three: ReturnType<typeof one> = 3;",
      'core/ui.ts': "import { page } from '../renderer/src/page.js';\nexport const ui = page;",
      'core/features/shipments/schemas.ts': 'export type Shipment = { code: string };',
      'core/features/shipments/service.ts':
        "import type { Shipment } from './schemas.js';\nexport const get = (s: Shipment) => s;",
      'core/shared/client/client.ts': 'export const call = (op: string) => op;',
      'core/shared/client/leak.ts':
        "import { get } from '../../features/shipments/service.js';\nexport const leak = get;",
      'core/engines/sqlite/shipments.ts': 'export const row = (code: string) => code;',
      'core/features/shipments/search.ts':
        "import { row } from '../../engines/sqlite/shipments.js';\nexport const search = row;",
      'core/shared/schemas/codes.ts': "import { readFileSync } from 'node:fs';\nexport const codes = readFileSync;",
      'electron/preload/api.ts': 'export const CHANNEL = "x";',
      'electron/main/index.ts': "import { call } from '../../core/shared/client/client.js';\nexport const main = call;",
      'renderer/src/page.ts': [
        "import type { Shipment } from '../../core/features/shipments/schemas.js';",
        "import { call } from '../../core/shared/client/client.js';",
        "import { get } from '../../core/features/shipments/service.js';",
        "import { CHANNEL } from '../../electron/preload/api.js';",
        "import { main } from '../../electron/main/index.js';",
        "import { join } from 'node:path';",
        "import { missing } from './missing.js';",
        'export const page = [call, get, CHANNEL, main, join, missing] as unknown as Shipment;',
      ].join('\n'),
      'renderer/src/schemas-as-values.ts':
        "import { Shipment } from '../../core/features/shipments/schemas.js';\nexport const x = Shipment;",
      // The desk reaches core/shared by its alias, as the desk's build and type check do.
      'tsconfig.web.json': '{ "compilerOptions": { "paths": { "@shared/*": ["./core/shared/*"] } } }',
      'renderer/src/by-alias.ts': "import { call } from '@shared/client/client.js';\nexport const byAlias = call;",
      'renderer/src/validates.ts': "import { Type } from '@sinclair/typebox';\nexport const y = Type;",
      'renderer/src/features/pack/form.ts': "import { list } from '../shipments/list.js';\nexport const form = list;",
      'renderer/src/features/shipments/list.ts': 'export const list = 1;',
      'renderer/src/features/shipments/open.ts':
        "import type { form } from '../pack/form.js';\nexport const open: typeof form = 1;",
      'core/app/api.ts': 'export const api = {};',
      'core/app/services.ts': 'export type Services = { station: number };',
      'core/features/station/operations.ts':
        "import type { Services } from '../../app/services.js';\nexport const s: Services | null = null;",
      'core/shared/client/boot.ts':
        "import type { Services } from '../../app/services.js';\nexport const b: Services | null = null;",
      'core/shared/client/specs.ts': "import { api } from '../../app/api.js';\nexport const specs = api;",
      'node_modules/@sinclair/typebox/package.json': '{ "name": "@sinclair/typebox", "main": "index.js" }',
      'node_modules/@sinclair/typebox/index.js': 'export const Type = {};',
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }

    it('each rule names the import that breaks it, and only those', () => {
      const found = violations(dir, ['core', 'electron', 'renderer']).map(key).sort();
      expect(found).toEqual(
        [
          'core-not-to-ui: core/ui.ts → renderer/src/page.ts',
          'features-see-store-interfaces-not-engines: core/features/shipments/search.ts → core/engines/sqlite/shipments.ts',
          'no-folder-cycle-in-core: core/a → core/b',
          'no-folder-cycle-in-core: core/b → core/a',
          'no-module-cycle: core/a/one.ts → core/b/two.ts',
          'not-to-unresolvable: renderer/src/page.ts → ./missing.js',
          'renderer-knows-electron-only-by-the-preload-types: renderer/src/page.ts → electron/main/index.ts',
          'renderer-no-node-builtins: renderer/src/page.ts → path',
          'renderer-preload-types-only: renderer/src/page.ts → electron/preload/api.ts',
          'renderer-imports-only-core-shared: renderer/src/page.ts → core/features/shipments/schemas.ts',
          'renderer-imports-only-core-shared: renderer/src/page.ts → core/features/shipments/service.ts',
          'renderer-imports-only-core-shared: renderer/src/schemas-as-values.ts → core/features/shipments/schemas.ts',
          'renderer-no-typebox-or-ajv: renderer/src/validates.ts → node_modules/@sinclair/typebox/index.js',
          'no-folder-cycle-in-renderer-features: renderer/src/features/pack → renderer/src/features/shipments',
          'no-folder-cycle-in-renderer-features: renderer/src/features/shipments → renderer/src/features/pack',
          'what-the-page-bundles-imports-no-more-of-core: core/shared/client/leak.ts → core/features/shipments/service.ts',
          'what-the-page-bundles-imports-no-more-of-core: core/shared/client/specs.ts → core/app/api.ts',
          'what-the-page-bundles-imports-no-more-of-core: core/shared/schemas/codes.ts → fs',
          'shared-with-the-page-is-node-free: core/shared/schemas/codes.ts → fs',
          'shared-with-the-page-holds-no-service: core/shared/client/leak.ts → core/features/shipments/service.ts',
          'features-know-not-the-composition-root: core/features/station/operations.ts → core/app/services.ts',
          'shared-reads-the-root-only-as-the-operation-table-types: core/shared/client/boot.ts → core/app/services.ts',
          'shared-reads-the-operation-table-as-types-only: core/shared/client/specs.ts → core/app/api.ts',
        ].sort(),
      );
    });
  });
});
