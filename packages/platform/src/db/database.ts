import { CompiledQuery, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';

// int8 (counts, sums) as numbers and numeric as numbers: our values stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export type { Kysely, Transaction };

/** Texts of the prepared statements (see `preparedStatement`) and their names. */
const statementNames = new Map<string, string>();

/**
 * A hot statement that each connection has Postgres parse and plan once (a named prepared
 * statement) instead of at every call, and that kysely runs as it is (no building or compiling per
 * call): `const q = preparedStatement<Row>('select ... where id = $1')` once, then
 * `db.executeQuery(q([id]))` (in a transaction too). Only for a fixed text with `$n` parameters
 * whose result columns do not change while the service runs.
 */
export function preparedStatement<R>(text: string): (parameters: readonly unknown[]) => CompiledQuery<R> {
  if (!statementNames.has(text)) statementNames.set(text, `gleba_stmt_${statementNames.size + 1}`);
  return (parameters) => CompiledQuery.raw(text, [...parameters]) as CompiledQuery<R>;
}

/** Makes a pooled connection send the registered texts as named statements (kysely passes `query(text, values)`). */
function usePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      args.length === 2 && typeof text === 'string' && Array.isArray(values)
        ? statementNames.get(text)
        : undefined;
    return name ? query({ name, text, values }) : query(...args);
  };
}

export function createDatabase<DB>(
  url: string,
  options: { max?: number; applicationName?: string } = {},
): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    application_name: options.applicationName,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client's connection dropping (Postgres restart) must not crash the process.
  pool.on('error', () => undefined);
  // Nor a lent-out one's (a transaction between two statements): pg-pool listens only while a
  // client is idle, so the 'error' would be uncaught. The statement that uses the client next
  // fails, the transaction rolls back, and the pool drops the dead client when it comes back.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
    usePreparedStatements(client);
  });
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** Creates the service's database when it does not exist yet (each service owns one). */
export async function ensureDatabaseExists(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z0-9_-]+$/.test(name)) throw new Error(`Refusing unusual database name "${name}"`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) {
      try {
        await client.query(`create database "${name}"`);
      } catch (error) {
        // 42P04 duplicate_database: another process created it first.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
  } finally {
    await client.end();
  }
}

export async function dropDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists "${name}" with (force)`);
  } finally {
    await client.end();
  }
}

/** Postgres error codes we map to domain errors (spec: 130002 unique, 130003 foreign key). */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export function isPgError(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === code;
}
