// Writes the skeleton of a service: `node scripts/new-service.mjs <name> <port>`.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';

const [name, port] = process.argv.slice(2);
if (!name || !port) throw new Error('usage: new-service.mjs <name> <port>');
const dir = `services/${name}`;
if (existsSync(dir)) throw new Error(`${dir} exists`);
const camel = name.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const files = {
  'package.json':
    JSON.stringify(
      {
        name: `@gleba/${name}`,
        version: '0.0.0',
        private: true,
        type: 'module',
        scripts: {
          build: 'node ../../scripts/build-service.mjs',
          start: 'node --enable-source-maps dist/main.js',
          dev: 'tsx watch src/main.ts',
          typecheck: 'tsc -p tsconfig.json',
          test: 'vitest run',
        },
        dependencies: {
          '@gleba/contracts': '*',
          '@gleba/platform': '*',
          zod: '^4.1.0',
          kysely: '^0.28.0',
          express: '^5.1.0',
        },
        devDependencies: { '@gleba/testkit': '*' },
      },
      null,
      2,
    ) + '\n',
  'tsconfig.json': '{ "extends": "../../tsconfig.base.json", "include": ["src", "test"] }\n',
  'vitest.config.ts': `import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globalSetup: ['../../packages/testkit/src/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
`,
  'src/config.ts': `import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(${port}),
});
export type Config = z.infer<typeof ZConfig>;
`,
  'src/db/database.ts': `import type { PlatformTables } from '@gleba/platform';

/**
 * Tables of the ${name} database (the platform's outbox, inbox and job failures included). With
 * the first table this becomes \`interface Database extends PlatformTables { ... }\`.
 */
export type Database = PlatformTables;
`,
  'src/db/migrations/index.ts': `import type { Migration } from 'kysely';

/** Every migration of this service, in order of their names (\`yyyy_mm_dd_hhmmss_<verb>_<noun>\`). */
export const migrations: Record<string, Migration> = {};
`,
  'src/app/deps.ts': `import type { ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';

/** What the routes and use cases need (add ports to external systems here). */
export type Deps = ServiceContext<Database, Config>;
`,
  'src/app/status.ts': `import { serviceStatus } from '../domain/status';
import type { Deps } from './deps';

/** A use case: opens the transaction when it writes, calls repositories and the domain. */
export function status(deps: Deps) {
  return serviceStatus(deps.name);
}
`,
  'src/domain/status.ts': `/** A pure rule: no I/O, no database types (lint keeps domain/ so). */
export function serviceStatus(name: string): { service: string; ready: true } {
  return { service: name, ready: true };
}
`,
  'src/http/status.routes.ts': `import { Router } from 'express';
import { requireAuth, route } from '@gleba/platform';
import { status } from '../app/status';
import type { Deps } from '../app/deps';

/**
 * Parse, authorize, call one use case (a route that only reads may call one repository read
 * instead); a route opens no transaction. Every route module is \`(deps: Deps) => Router\`.
 */
export function statusRoutes(deps: Deps): Router {
  const routes = Router();
  routes.get(
    '/api/${name}/status',
    requireAuth,
    route({}, () => status(deps)),
  );
  return routes;
}
`,
  'src/db/repositories/README.md': `All SQL of the service: plain functions taking the database or a transaction first.
Only db/ imports kysely's query builder; the rest of the service imports its types with \`import type\`.
`,
  'src/adapters/README.md': `External systems (providers behind small interfaces) and file formats.
`,
  'src/service.ts': `import type { ServiceDefinition } from '@gleba/platform';
import type { Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { statusRoutes } from './http/status.routes';

export const ${camel}Service: ServiceDefinition<Database, Config> = {
  name: '${name}',
  migrations,
  routes(app, ctx) {
    app.use(statusRoutes(ctx));
  },
};
`,
  'src/main.ts': `import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { ${camel}Service } from './service';

await runMain(${camel}Service, ZConfig);
`,
  'test/health.test.ts': `import { describeServiceHealth } from '@gleba/testkit';
import { ${camel}Service } from '../src/service';

describeServiceHealth(${camel}Service);
`,
  'README.md': `# @gleba/${name}

Owns: (see the architecture table in \`../../../shared/design/architecture.md\`).

- Run: \`npm run dev -w @gleba/${name}\` (needs Postgres, RabbitMQ, Redis; config from the environment, see \`src/config.ts\`).
- Test: \`npm test -w @gleba/${name}\`.
- Port: ${port}.
`,
};
for (const [file, content] of Object.entries(files)) {
  const path = `${dir}/${file}`;
  mkdirSync(path.slice(0, path.lastIndexOf('/')), { recursive: true });
  writeFileSync(path, content);
}
console.log(`created ${dir}`);
