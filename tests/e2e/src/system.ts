import { inject } from 'vitest';

/** Where the suite's system runs (started once by the global setup). */
export function system() {
  return inject('system');
}
