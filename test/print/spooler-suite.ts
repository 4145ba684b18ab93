import { afterAll, beforeAll } from 'vitest';
import { startInProcess, type Station } from '../helpers/station.js';

/**
 * The setup both real-spooler suites (CUPS, Windows) share: a station with an account that may print, started
 * before the suite and stopped after it together with the spooler's test printer.
 */
export function printingStation(stopPrinter: () => Promise<void>): { readonly s: Station; readonly token: string } {
  let s: Station | undefined;
  let token: string | undefined;
  beforeAll(async () => {
    s = await startInProcess();
    token = await s.token(await s.account('acme'), ['shipments.read', 'shipments.write']);
  });
  afterAll(async () => {
    await s?.stop();
    await stopPrinter();
  });
  return {
    get s() {
      return s!;
    },
    get token() {
      return token!;
    },
  };
}
