import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The official register shipped with the service (GUS TERC, state on 2024-01-01), as GUS publishes it. */
export const SHIPPED_TERC_FILE = 'terc-2024-01-01.csv';

/**
 * Where the shipped register lies: `data/` of the service folder, found upwards from this module
 * (the bundle in `dist/`, or the source in `src/adapters/` under the tests), whatever the cwd.
 */
export function shippedTercPath(from: string = import.meta.url): string {
  let dir = path.dirname(fileURLToPath(from));
  for (let up = 0; up < 5; up += 1) {
    const candidate = path.join(dir, 'data', SHIPPED_TERC_FILE);
    if (existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error(`data/${SHIPPED_TERC_FILE} not found above ${fileURLToPath(from)}`);
}
