#!/usr/bin/env node
// `npm run migrate`: brings every service database of the default layout to its latest migration
// (each database is created if missing). Needs the build (`npx turbo run build`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/run-system.mjs';
import { SERVICES, serviceEnv } from './system.mjs';

let failed = 0;
for (const svc of SERVICES) {
  const main = path.join(ROOT, 'services', svc.name, 'dist', 'main.js');
  if (!existsSync(main)) {
    console.error(`services/${svc.name} is not built (run: npx turbo run build)`);
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [main, 'migrate'], {
    cwd: ROOT,
    env: serviceEnv(svc),
    stdio: 'inherit',
  });
  if (result.status !== 0) failed += 1;
  console.log(`${svc.name}: ${result.status === 0 ? 'migrated' : 'FAILED'}`);
}
process.exit(failed ? 1 : 0);
