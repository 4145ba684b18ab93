import { delimiter, join } from 'node:path';
import { tmpdir } from 'node:os';

/**
 * Where `file` printers may write: the station's own `printouts` folder and the system's temporary folder, plus
 * any folders the operator lists in STATION_FILE_PRINTER_ROOTS (separated like PATH).
 */
export function fileRoots(dataDir: string, env: Record<string, string | undefined>): string[] {
  const extra = (env.STATION_FILE_PRINTER_ROOTS ?? '').split(delimiter).filter(Boolean);
  return [join(dataDir, 'printouts'), tmpdir(), ...extra];
}
