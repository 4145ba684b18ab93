import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** How long a claimed job stays a worker's without news; a job of a process that died is picked up after it. */
export const LEASE_MS = 15_000;

/**
 * A lease names its worker's host and process. A worker of this host whose process is gone has crashed: its jobs
 * are taken up at once instead of when the lease runs out (a worker elsewhere, or a recycled pid, just waits).
 */
const HOST = hostname();

export const leaseOwnerName = () => `${HOST}:${process.pid}:${randomUUID().slice(0, 8)}`;

export function deadOnThisHost(owner: string): boolean {
  const [host, pid] = owner.split(':');
  if (host !== HOST || !/^\d+$/.test(pid ?? '')) return false;
  try {
    process.kill(Number(pid), 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
