import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    pool: 'forks',
    // Two cores: many suites each start a server process; more workers only add contention.
    maxWorkers: 2,
    testTimeout: 30_000,
    // Polls wait for a browser or a print queue; on a loaded 2-core machine 1 s (the default) is too tight.
    expect: { poll: { timeout: 10_000 } },
    hookTimeout: 60_000,
    // Every answer of every station a test starts is checked against its operation's output schema (a mismatch is a 500).
    env: { STATION_VERIFY_OUTPUT: '1' },
  },
});
