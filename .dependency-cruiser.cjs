// The dependency rule of ARCHITECTURE §1: the core is pure, adapters meet only in the server,
// the web app reaches the server over HTTP and may import only the core.
module.exports = {
  forbidden: [
    {
      name: 'core-is-pure',
      comment: 'core imports nothing of the project outside itself and no I/O library (munkres: the tests\' independent solver)',
      severity: 'error',
      from: { path: '^core/' },
      to: { pathNot: ['^core/', '^node_modules/(fp-ts|io-ts|fast-check|vitest|@vitest|munkres)/'] },
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
      from: { path: '^adapters/(sqlite|http|identity|mail)/' },
      to: { path: '^adapters/', pathNot: ['^adapters/$1/'] },
    },
    {
      name: 'web-only-core',
      severity: 'error',
      from: { path: '^web/src' },
      to: { path: '^(adapters|fixtures)/' },
    },
    {
      name: 'fixtures-only-core',
      severity: 'error',
      from: { path: '^fixtures/' },
      to: { path: '^(adapters|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    preserveSymlinks: false,
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['dist'] },
  },
}
