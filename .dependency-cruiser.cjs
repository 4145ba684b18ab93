/**
 * The layering of the repository, checked by dependency-cruiser from `test/architecture/layering.test.ts` (so it is
 * part of `npm test`; `npx depcruise core electron renderer` prints the tool's report by hand).
 *
 * Each top-level folder is one runtime and dependencies point inward: renderer → (IPC or HTTP) → core. Inside core,
 * folders may depend on each other only one way, so that a feature can be read, tested and replaced on its own.
 * Type-only imports count: a cycle of types is still two folders that cannot be understood apart.
 */
/**
 * The one folder of core the desk may import (through the alias `@shared`, tsconfig.web.json): the typed client with
 * its route table, the code sets, the state machine, the print-job states, the schemas' building blocks. Node-free.
 */
const SHARED = '^core/shared/';
/** The packages it may bundle with it: the phone rules an import and the desk's forms share. */
const PACKAGES_THE_PAGE_BUNDLES = ['(^|/)node_modules/libphonenumber-js/'];
/** What the page reads of core as types beside it: the operation table and each feature's specs and schemas. */
const READ_BY_THE_PAGE_AS_TYPES = ['^core/app/api[.]ts$', '^core/features/[^/]+/(api|schemas)[.]ts$'];

module.exports = {
  forbidden: [
    // Folder cycles in core are checked in test/architecture/layering.test.ts, folder by folder: the cruiser's folder
    // scope counts a folder's subfolders as its own files, so `core/shared` (the node-free rules) would stand for the
    // client in `core/shared/client` too, and the client's one read of the operation table's types would close a loop.
    {
      name: 'features-know-not-the-composition-root',
      comment:
        'A feature, the platform and the engines are handed what they use (a feature declares its services with ' +
        '`uses`); none of them imports core/app, which builds them. Only the adapters reach the root.',
      severity: 'error',
      from: { path: '^core/(features|platform|engines)/' },
      to: { path: '^core/app/' },
    },
    {
      name: 'shared-reads-the-root-only-as-the-operation-table-types',
      comment:
        "What the desk bundles knows nothing of the service but the operation table's types, which the typed client " +
        'reads (erased in the build): no value of core/app, and no other file of it.',
      severity: 'error',
      from: { path: '^core/shared/' },
      to: { path: '^core/app/', pathNot: '^core/app/api[.]ts$' },
    },
    {
      name: 'shared-reads-the-operation-table-as-types-only',
      severity: 'error',
      from: { path: '^core/shared/' },
      to: { path: '^core/app/api[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-module-cycle',
      comment: 'Two modules that import each other cannot be loaded, read or tested one without the other.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle-in-renderer-features',
      comment:
        'Two feature folders of the desk that import each other (directly or round a loop): move what both need to a ' +
        'place of its own (api/, components/, parcel/, operator/), or invalidate the other feature by its root key (api/keys.ts).',
      severity: 'error',
      scope: 'folder',
      from: { path: '^renderer/src/features/' },
      to: { path: '^renderer/src/features/', circular: true },
    },
    {
      name: 'core-not-to-ui',
      comment: 'The core is plain Node: no Electron, no React, nothing of the other runtimes.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: ['^(electron|renderer)/', '(^|/)node_modules/(electron|react|react-dom)/'] },
    },
    {
      name: 'renderer-imports-only-core-shared',
      comment:
        'The page bundles none of the service: of core it imports core/shared alone (as @shared/…), the client and ' +
        "the node-free rules; the service's shapes come as types through core/shared/client/shapes.ts.",
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^core/', pathNot: SHARED },
    },
    {
      name: 'what-the-page-bundles-imports-no-more-of-core',
      comment:
        'core/shared reaches nothing else as values (a feature, the specs, a package), or the page would bundle it ' +
        'through them: the client calls by its route table (core/shared/client/routes.ts), and reads the rest as types.',
      severity: 'error',
      from: { path: SHARED },
      to: { pathNot: [SHARED, ...PACKAGES_THE_PAGE_BUNDLES], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-no-typebox-or-ajv',
      comment: "Validation is the service's: the page reads its schemas as types only.",
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '(^|/)node_modules/(@sinclair/typebox|ajv|ajv-formats)/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-knows-electron-only-by-the-preload-types',
      comment: "The preload's declaration is the one thing the page may know of Electron, and only as types.",
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^electron/', pathNot: '^electron/preload/api[.]ts$' },
    },
    {
      name: 'renderer-preload-types-only',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^electron/preload/api[.]ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-no-node',
      comment: 'The page runs in a sandboxed browser context: no Node built-ins, no native or server packages.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: ['(^|/)node_modules/(electron|better-sqlite3|fastify)/'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-no-node-builtins',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-with-the-page-is-node-free',
      comment:
        'What the page bundles runs in a browser: the client, the operation specs and schemas it derives from, the ' +
        'shared definitions. (Checked import by import: a reachability rule would follow type-only imports too.)',
      severity: 'error',
      from: { path: [SHARED, ...READ_BY_THE_PAGE_AS_TYPES] },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-with-the-page-holds-no-service',
      comment: 'The node-free modules never import the store, the HTTP server or a service as values.',
      severity: 'error',
      from: { path: [SHARED, ...READ_BY_THE_PAGE_AS_TYPES] },
      to: {
        path: [
          '(^|/)node_modules/(better-sqlite3|fastify|pino)/',
          '^core/adapters/',
          '^core/features/[^/]+/(service|store)[.]ts$',
        ],
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'features-see-store-interfaces-not-engines',
      comment:
        "A feature's service works with its store interface (core/features/<feature>/store.ts); which engine implements it is " +
        'chosen in one place (core/engines/open.ts, used by core/app/index.ts). Only that root and the adapters reach an engine.',
      severity: 'error',
      from: { path: '^core/', pathNot: ['^core/(engines|adapters)/', '^core/app/(index|services)[.]ts$'] },
      to: { path: '^core/engines/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import the cruiser cannot resolve is an import the rules above cannot see.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|out)/' },
    tsPreCompilationDeps: true,
    // For the desk's alias of core/shared (`@shared/…`).
    tsConfig: { fileName: 'tsconfig.web.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
