import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { PingV1 } from '@gleba/contracts';
import { createDatabase, createOutbox, migrateToLatest, runWithContext } from '@gleba/platform';
import { createTestDatabase, dropTestDatabases } from '@gleba/testkit';

interface DB {
  outbox: { id: string; type: string; version: number; envelope: unknown; published_at: Date | null };
}

describe('outbox.publishMany', () => {
  let db: Kysely<DB>;

  beforeAll(async () => {
    db = createDatabase<DB>(await createTestDatabase('outbox'), { max: 2 });
    await migrateToLatest(db as Kysely<unknown>, {});
  });
  afterAll(async () => {
    await db?.destroy();
    await dropTestDatabases();
  });

  it('writes the same rows as publish, one per item, in the caller transaction', async () => {
    const outbox = createOutbox('producer');
    const [single, many] = await runWithContext({ correlationId: 'corr-1' }, () =>
      db.transaction().execute(async (trx) => {
        const one = await outbox.publish(trx, PingV1, { seq: 0, from: 'one' });
        const all = await outbox.publishMany(
          trx,
          PingV1,
          // Text with quotes, a backslash, a line break and Polish letters survives the JSON array.
          [1, 2, 3].map((seq) => ({ seq, from: seq === 2 ? 'Łąka "Pod lasem" \\ nr 2\n' : 'many' })),
        );
        return [one, all] as const;
      }),
    );
    expect(many).toHaveLength(3);
    const rows = await db.selectFrom('outbox').select(['id', 'type', 'version', 'envelope']).execute();
    expect(rows).toHaveLength(4);
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const envelope of [single, ...many]) {
      const row = byId.get(envelope.id)!;
      expect(row).toMatchObject({ type: PingV1.type, version: PingV1.version });
      expect(row.envelope).toEqual(JSON.parse(JSON.stringify(envelope)));
      expect(Object.keys(row.envelope as object).sort()).toEqual(Object.keys(single).sort());
      expect(envelope).toMatchObject({ producer: 'producer', correlationId: 'corr-1', type: PingV1.type });
    }
    expect(many.map((e) => e.data.seq)).toEqual([1, 2, 3]);
    expect(new Set(many.map((e) => e.id)).size).toBe(3);
  });

  it('parses every item (a malformed one fails the batch, nothing is written) and writes nothing for an empty list', async () => {
    const outbox = createOutbox('producer');
    await db.deleteFrom('outbox').execute();
    await expect(
      db.transaction().execute((trx) =>
        outbox.publishMany(trx, PingV1, [
          { seq: 1, from: 'ok' },
          { seq: -1, from: 'bad' },
        ]),
      ),
    ).rejects.toThrow();
    expect(await db.transaction().execute((trx) => outbox.publishMany(trx, PingV1, []))).toEqual([]);
    expect(await db.selectFrom('outbox').select('id').execute()).toEqual([]);
  });
});
