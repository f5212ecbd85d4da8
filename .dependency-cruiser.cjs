// The dependency rule (README.md#layout, docs/decisions/0038-the-house-finished.md): core ← application ← adapters ← server. The core is
// pure; the application (use cases and their ports) imports only the core; adapters import the core
// and the application's ports (its `./ports` entry, never a use case) and meet only in the server
// (the composition root); the web app
// reaches the server over HTTP and may import only the core. Each workspace declares
// every package it imports in its own package.json (a hoisted copy in node_modules must not hide a
// missing declaration), and production code imports no dev dependency.

/** Production code: each workspace's src/ (tests, configs, benches and e2e may use dev tools). */
const PRODUCTION = '^(core|application|fixtures|adapters/[^/]+|web)/src/'

/**
 * The core's folders and root files, lowest first: each may import only those before it or beside it
 * in its entry. `messages.ts` and `errors.ts` name the refusals every rule returns, so they sit below
 * the rules; `events.ts` names what the tandem's transitions emit and sits with them.
 */
const CORE_LAYERS = [
  ['shared/'],
  ['questionnaire/'],
  ['users/'],
  ['clusters/'],
  ['messages.ts', 'errors.ts'],
  ['validation/'],
  ['tandem/', 'events.ts'],
  ['mentorship/'],
  ['matching/'],
  ['statistics/'],
  ['api/'],
]
const corePathsOf = (entries) => `^core/src/(${entries.map((e) => (e.endsWith('/') ? e : `${e.replace('.', '\\.')}$`)).join('|')})`

/**
 * Web files that still import another feature, each to be moved to routes/ or shared/ (decision
 * 0038 lists what each needs); no other feature file may.
 */
const FEATURE_CROSSINGS_LEFT = ['dashboard/Dashboard.tsx']

module.exports = {
  forbidden: [
    {
      name: 'no-non-package-json',
      comment: "a package imported by a workspace is declared in that workspace's own package.json",
      severity: 'error',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'not-to-dev-dep',
      comment: 'production code imports only runtime dependencies (a devDependency is not installed in production)',
      severity: 'error',
      from: { path: PRODUCTION, pathNot: '\\.test\\.tsx?$' },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'], pathNot: ['^node_modules/@types/'] },
    },
    {
      name: 'core-is-pure',
      comment: "core imports nothing of the project outside itself and no I/O library (munkres: the tests' independent solver)",
      severity: 'error',
      from: { path: '^core/' },
      to: {
        pathNot: [
          '^core/',
          '^node_modules/(fp-ts|io-ts|fast-check|vitest|@vitest|munkres|pure-rand|simple-statistics)/',
          '^(pure-rand|simple-statistics)/',
        ],
      },
    },
    {
      name: 'application-only-core',
      comment: 'the use cases import the core and no adapter: they reach storage, time and workers through their ports',
      severity: 'error',
      from: { path: '^application/' },
      to: { path: '^(adapters|fixtures|web|testing)/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles anywhere',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...CORE_LAYERS.slice(0, -1).map((layer, i) => ({
      name: 'core-no-upward-import',
      comment: `core/src/${layer.join(', ')} sits below ${CORE_LAYERS.slice(i + 1)
        .flat()
        .join(', ')}: it imports none of them`,
      severity: 'error',
      from: { path: corePathsOf(layer) },
      to: { path: corePathsOf(CORE_LAYERS.slice(i + 1).flat()) },
    })),
    {
      name: 'no-sibling-folder-cycle',
      comment:
        "inside application/ and web/src/features/ no folder imports a sibling that imports it back, directly or through others: a use case or a piece needed by two lives in its concept's folder (or the web's shared/)",
      severity: 'error',
      scope: 'folder',
      from: { path: '^(application/src|web/src/features)/[^/]+$' },
      to: { path: '^(application/src|web/src/features)/[^/]+$', circular: true },
    },
    {
      name: 'features-meet-in-routes',
      comment:
        "a web feature imports no other feature: features meet in web/src/routes/ and are served by web/src/shared/ (bulletproof-react's rule)",
      severity: 'error',
      from: {
        path: '^web/src/features/([^/]+)/',
        pathNot: FEATURE_CROSSINGS_LEFT.map((f) => `^web/src/features/${f.replace('.', '\\.')}$`),
      },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'core-no-node-builtins',
      severity: 'error',
      from: { path: '^core/src' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'adapters-do-not-import-each-other',
      comment: 'adapters meet only in the composition root (adapters/server)',
      severity: 'error',
      from: { path: '^adapters/(store|http|identity|mail)/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/'] },
    },
    {
      name: 'adapters-import-only-ports',
      comment:
        "an adapter other than the composition root imports only the application's ports (@tandem/application/ports), never a use case: the server composes the use cases and hands the adapters the composed services",
      severity: 'error',
      from: { path: '^adapters/(store|http|identity|mail)/' },
      // the workspace packages are matched by name too: the cruise leaves `@tandem/…` unresolved
      to: { path: '^(application/|@tandem/application($|/))', pathNot: '^(application/src/ports/|@tandem/application/ports$)' },
    },
    {
      name: 'web-only-core',
      severity: 'error',
      from: { path: '^web/src' },
      to: { path: '^(application|adapters|fixtures)/' },
    },
    {
      name: 'testing-stands-alone',
      comment: 'the shared test support (a throwaway PostgreSQL) knows nothing of the product, so every suite may use it',
      severity: 'error',
      from: { path: '^testing/' },
      to: { path: '^(core|application|fixtures|adapters|web)/' },
    },
    {
      name: 'fixtures-only-core',
      severity: 'error',
      from: { path: '^fixtures/' },
      to: { path: '^(application|adapters|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    preserveSymlinks: false,
    // the closest package.json alone decides whether a package is declared (not the root's too)
    combinedDependencies: false,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // the workspace packages (@tandem/core, @tandem/application, …) resolve through their
    // package.json `exports` to their sources, so the rules written on paths see them too
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
    // only the web app's build output: a bare 'dist' would also hide every package whose entry
    // lives in node_modules/*/dist/ (vitest, kysely, jose) from the rules above
    exclude: { path: ['^web/dist/'] },
  },
}
