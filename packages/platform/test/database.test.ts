import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { createDatabase, preparedStatement } from '@gleba/platform';
import { createTestDatabase, dropTestDatabases } from '@gleba/testkit';

/**
 * A PostgreSQL restart ends every backend at once. A client the pool had lent out (a transaction
 * between two statements) then emits 'error' outside any query; without a listener that is an
 * uncaught exception and the service dies (found by tests/faults: orders died on `pg_ctl stop -m
 * immediate`). Here one backend of our own test database is terminated the same way.
 */
describe('createDatabase when PostgreSQL drops a lent-out connection', () => {
  let url: string;
  let db: Kysely<unknown>;
  let admin: pg.Client;

  beforeAll(async () => {
    url = await createTestDatabase('dbdrop');
    db = createDatabase<unknown>(url, { max: 2 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await db?.destroy();
    await dropTestDatabases();
  });

  it('fails that transaction, keeps the process alive and serves the next query', async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const outcome = await db
        .transaction()
        .execute(async (trx) => {
          const pid = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]!.pid;
          await admin.query('select pg_terminate_backend($1)', [pid]);
          // The connection ends while no statement of ours is running.
          await new Promise((r) => setTimeout(r, 500));
          await sql`select 1`.execute(trx);
          return 'committed';
        })
        .catch(() => 'failed');
      expect(outcome).toBe('failed');
      expect(uncaught).toEqual([]);
      const again = await sql<{ one: number }>`select 1 as one`.execute(db);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
  });
});

describe('preparedStatement', () => {
  let db: Kysely<unknown>;

  beforeAll(async () => {
    db = createDatabase<unknown>(await createTestDatabase('dbprepared'), { max: 2 });
  });
  afterAll(async () => {
    await db?.destroy();
    await dropTestDatabases();
  });

  it('is parsed once per connection as a named statement, also in a transaction; other queries are not', async () => {
    const text = 'select $1::int + 1 as n';
    const plusOne = preparedStatement<{ n: number }>(text);
    await db.connection().execute(async (conn) => {
      expect((await conn.executeQuery(plusOne([1]))).rows[0]!.n).toBe(2);
      expect((await conn.executeQuery(plusOne([41]))).rows[0]!.n).toBe(42);
      await sql`select ${1}::int + 2 as n`.execute(conn);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        conn,
      );
      expect(rows.map((r) => r.statement)).toEqual([text]);
    });
    const inTransaction = await db
      .transaction()
      .execute(async (trx) => (await trx.executeQuery(plusOne([2]))).rows[0]!.n);
    expect(inTransaction).toBe(3);
  });
});
