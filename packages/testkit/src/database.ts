import { dropDatabase, ensureDatabaseExists } from '@gleba/platform';
import { testEnv } from './env';
import { uniqueSuffix } from './ids';

const created: string[] = [];

/** A fresh, empty database of its own for one test file. */
export async function createTestDatabase(label = 'test'): Promise<string> {
  const url = new URL(testEnv.postgresUrl);
  url.pathname = `/t_${label.replace(/[^a-z0-9]/gi, '_').toLowerCase()}_${uniqueSuffix()}`;
  await ensureDatabaseExists(url.toString());
  created.push(url.toString());
  return url.toString();
}

export async function dropTestDatabases(): Promise<void> {
  for (const url of created.splice(0)) await dropDatabase(url).catch(() => undefined);
}
