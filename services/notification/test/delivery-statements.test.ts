import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { DeliveryStatements } from '../src/jobs/delivery-statements';

/** A stand-in for the database that records each statement's parameters and answers with `rows`. */
function fakeDb(answer: (parameters: readonly unknown[]) => { rows: unknown[] } | Error) {
  const calls: (readonly unknown[])[] = [];
  const db = {
    executeQuery: async (query: { parameters: readonly unknown[] }) => {
      calls.push(query.parameters);
      const result = answer(query.parameters);
      if (result instanceof Error) throw result;
      return result;
    },
  } as unknown as Kysely<Database>;
  return { db, calls };
}

const row = (id: string) => ({ id, status: 'PENDING', c_user_id: null, p_email: null });

describe('DeliveryStatements', () => {
  it('loads the deliveries asked for together with one query, each job getting its own row', async () => {
    const { db, calls } = fakeDb(([ids]) => ({
      rows: (ids as string[]).filter((id) => id !== 'c').map(row),
    }));
    const statements = new DeliveryStatements(db);
    const [a, b, c] = await Promise.all(['a', 'b', 'c'].map((id) => statements.load(id)));
    expect(calls).toEqual([[['a', 'b', 'c']]]);
    expect(a?.delivery.id).toBe('a');
    expect(b?.delivery.id).toBe('b');
    expect(c).toBeUndefined();
    // A later load is a statement of its own.
    await statements.load('d');
    expect(calls).toHaveLength(2);
  });

  it('records the sends of the jobs finishing together with one statement; a failure fails each of them', async () => {
    let fail = false;
    const { db, calls } = fakeDb(() => (fail ? new Error('connection lost') : { rows: [] }));
    const statements = new DeliveryStatements(db);
    const sent = (id: string) => ({
      id,
      to: { recipient: `${id}@example.com`, language: 'pl' },
      status: 'SENT' as const,
      externalId: `<${id}>`,
      sentAt: new Date(0),
    });
    await Promise.all([statements.recordSent(sent('a')), statements.recordSent(sent('b'))]);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toEqual(['a', 'b']);
    expect(calls[0]![4]).toEqual(['a@example.com', 'b@example.com']);
    fail = true;
    const results = await Promise.allSettled([
      statements.recordSent(sent('c')),
      statements.recordSent(sent('d')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
