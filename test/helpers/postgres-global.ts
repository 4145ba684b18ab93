import { postgresMissing, startCluster } from './postgres.js';

/**
 * vitest's global setup: one throwaway PostgreSQL cluster for the whole run (every test file's stations get
 * databases of their own on it), unless STATION_TEST_PG_URL names a server already (CI's).
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.STATION_TEST_PG_URL || postgresMissing) return undefined;
  const cluster = await startCluster();
  process.env.STATION_TEST_PG_URL = cluster.url;
  return cluster.stop;
}
