/**
 * The layering of the repository, checked by dependency-cruiser from `test/architecture/layering.test.ts` (so it is
 * part of `npm test`; `npx depcruise core electron renderer` prints the tool's report by hand).
 *
 * Each top-level folder is one runtime and dependencies point inward: renderer → (IPC or HTTP) → core. Inside core,
 * folders may depend on each other only one way, so that a feature can be read, tested and replaced on its own.
 * Type-only imports count: a cycle of types is still two folders that cannot be understood apart.
 */
/**
 * The modules of core the page bundles, as values: the typed client (with its route table) and the node-free rules the
 * desk shares with the service. Nothing else of core reaches the page at run time.
 */
const THE_PAGE_BUNDLES = [
  '^core/shared/client/',
  '^core/shared/schemas/codes[.]ts$',
  '^core/shared/schemas/printer-name[.]ts$',
  '^core/shared/schemas/places[.]ts$',
  '^core/shared/transitions[.]ts$',
  '^core/shared/job-states[.]ts$',
];
/** The packages those modules bundle with them: the phone rules an import and the desk's forms share. */
const PACKAGES_THE_PAGE_BUNDLES = ['(^|/)node_modules/libphonenumber-js/'];
/** The modules of core the page reads: those it bundles, and the specs and schemas it reads as types. */
const SHARED_WITH_THE_PAGE = [
  '^core/shared/client/',
  '^core/shared/schemas/',
  '^core/app/api[.]ts$',
  '^core/features/[^/]+/api[.]ts$',
  '^core/shared/spec[.]ts$',
  '^core/features/[^/]+/schemas[.]ts$',
  '^core/shared/transitions[.]ts$',
  '^core/shared/job-states[.]ts$',
];

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
      name: 'renderer-reaches-core-through-types-and-the-client',
      comment:
        "The page bundles none of the service: it may read core's schemas as types, and use the node-free client " +
        'and shared definitions (core/shared: the client, the schemas, the state machine, the print-job states).',
      severity: 'error',
      from: { path: '^renderer/' },
      to: {
        path: '^core/',
        pathNot: [
          '^core/shared/client/',
          '^core/shared/schemas/',
          '^core/shared/transitions[.]ts$',
          '^core/shared/job-states[.]ts$',
          '^core/features/[^/]+/schemas[.]ts$',
        ],
      },
    },
    {
      name: 'renderer-bundles-only-the-client-and-the-shared-rules',
      comment:
        'The page imports as values only what it bundles of core (the client and its route table, the code sets, the ' +
        'printer-name rule, the state machine, the print-job states); specs and schemas (TypeBox, and ajv behind them) only as types.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^core/', pathNot: THE_PAGE_BUNDLES, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'what-the-page-bundles-imports-no-more-of-core',
      comment:
        'The client and the shared rules reach nothing else as values (the specs, TypeBox, a package), or the page ' +
        'would bundle it through them: the client calls by its route table (core/shared/client/routes.ts).',
      severity: 'error',
      from: { path: THE_PAGE_BUNDLES },
      to: { pathNot: [...THE_PAGE_BUNDLES, ...PACKAGES_THE_PAGE_BUNDLES], dependencyTypesNot: ['type-only'] },
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
      from: { path: SHARED_WITH_THE_PAGE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'shared-with-the-page-holds-no-service',
      comment: 'The node-free modules never import the store, the HTTP server or a service as values.',
      severity: 'error',
      from: { path: SHARED_WITH_THE_PAGE },
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
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
