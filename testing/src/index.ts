// Test support shared by the suites; production code never imports it.
export { DEBIAN_POSTGRESQL_ROOT, findPostgresBin } from './postgres.binaries.js'
export { startPostgresCluster, type PostgresCluster } from './postgres.cluster.js'
export {
  createDatabaseOn,
  createTestDatabase,
  givenServerUrl,
  runStatement,
  startPostgresServer,
  type PostgresServer,
  type TestDatabase,
} from './postgres.database.js'
export { encodedKeyPair, type EncodedKeyPair } from './key-pairs.js'
export { parsedDuring, type Parsed } from './postgres.parsed.js'
