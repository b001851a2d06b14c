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

/** Tables of the ${name} database (the platform's outbox, inbox and job failures included). */
export interface Database extends PlatformTables {}
`,
  'src/db/migrations/index.ts': `import type { Migration } from 'kysely';

/** Every migration of this service, in order of their names (\`yyyy_mm_dd_hhmmss_<verb>_<noun>\`). */
export const migrations: Record<string, Migration> = {};
`,
  'src/service.ts': `import type { ServiceDefinition } from '@gleba/platform';
import type { Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';

export const ${camel}Service: ServiceDefinition<Database, Config> = {
  name: '${name}',
  migrations,
  routes() {},
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
