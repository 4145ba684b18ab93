import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/**
 * Who holds a lease (a print job, a webhook delivery): its worker's host and process. A worker of this host whose
 * process is gone has crashed: what it held is taken up at once instead of when the lease runs out (a worker
 * elsewhere, or a recycled pid, just waits).
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
