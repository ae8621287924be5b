// Public surface of @duescan/server for tests and embedding.
export { startServer, startRuntime, type StartServerOptions, type Runtime, type RunMode } from './start';
export { buildApp, API_PREFIX, type AppDeps } from './app';
export { loadConfig, ConfigError, type Config } from './config';
export { openDatabase, type Database } from './db/client';
export { createTestDatabase, type TestDatabase } from './testing/test-database';
