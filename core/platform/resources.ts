import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/**
 * `resources/` sits at the package root. This file runs from `core/platform/` (TypeScript under vitest) or
 * from `dist/core/platform/` (built), so the root is two or three levels up; the first candidate holding package.json wins.
 */
const root = [join(here, '..', '..'), join(here, '..', '..', '..')].find((dir) =>
  existsSync(join(dir, 'package.json')),
);
if (!root) throw new Error(`cannot find the package root above ${here}`);
const resourcesDir = join(root, 'resources');

/** The package's root folder (package.json, resources/, dist/). */
export const packageRoot = (): string => root;

/** Absolute path of a file shipped in `resources/` (default rate card, office directory, ...). */
export function resourcePath(...parts: string[]): string {
  return join(resourcesDir, ...parts);
}
