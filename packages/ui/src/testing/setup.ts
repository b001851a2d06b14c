/**
 * The apps' vitest setup (`setupFiles`), imported as `@gleba/ui/testing/setup`: every test starts
 * from an empty document and storage.
 */
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy* and waitFor wait up to 4 s instead of the library's 1 s: on a 2-core CI machine that also
// runs Postgres, RabbitMQ and browsers, a render (a map's layers) can take longer than 1 s. A
// condition that never holds still fails.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
