/** How long a claimed job stays a worker's without news; a job of a process that died is picked up after it. */
export const LEASE_MS = 15_000;
