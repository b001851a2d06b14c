import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@gleba/contracts';
import { ENDPOINTS } from '../endpoints';
import { caseArbitrary, type FuzzCase } from '../src/fuzz';
import { buildWorld, fill, type World } from '../src/fixtures';
import { pool, request } from '../src/request';
import { rowCounts, startStack, type Stack } from '../src/stack';
import { validBody, validQuery } from '../src/valid-bodies';

const COUNT = Number(process.env.ABUSE_FUZZ_COUNT ?? 10_000);
const CONCURRENCY = Number(process.env.ABUSE_FUZZ_CONCURRENCY ?? 12);
const SEED = Number(process.env.ABUSE_FUZZ_SEED ?? 13);
/** Tables that move by themselves (event plumbing, jobs, migrations), not because of a request. */
const VOLATILE = /outbox|inbox|kysely|job|processed|consumed|dead/;

async function snapshot(stack: Stack) {
  const out: Record<string, number> = {};
  for (const [name, s] of Object.entries(stack.services)) {
    for (const [table, n] of Object.entries(await rowCounts(s.ctx.db)))
      if (!VOLATILE.test(table)) out[`${name}.${table}`] = n;
  }
  return out;
}

describe('abuse: invalid requests generated from the zod schemas', () => {
  let stack: Stack;
  let world: World;

  beforeAll(async () => {
    stack = await startStack('fuzz');
    world = await buildWorld(stack);
    await new Promise((r) => setTimeout(r, 2000)); // let the setup's events settle
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it(`${COUNT} invalid requests answer 4xx with the error body, and change nothing`, async () => {
    const targets = ENDPOINTS.filter((e) => !e.rawBody && !e.redirect && e.service !== 'gateway').map((e) => {
      const valid = e.body ? validBody(e, world) : undefined;
      const ok = !e.body || e.body.safeParse(valid).success;
      return { e, path: fill(e.path, world.ids), valid: ok ? valid : {}, query: validQuery(e) };
    });
    const arb = caseArbitrary(targets);
    const cases: FuzzCase[] = [];
    let seed = SEED;
    while (cases.length < COUNT) {
      for (const c of fc.sample(arb, { numRuns: 2000, seed: seed++ }))
        if (c && cases.length < COUNT) cases.push(c);
    }
    const token = (c: FuzzCase) =>
      c.endpoint.access === 'admin'
        ? world.admin.accessToken
        : c.endpoint.access === 'user'
          ? world.a.accessToken
          : undefined;

    const before = await snapshot(stack);
    const failures: string[] = [];
    const byStatus: Record<number, number> = {};
    const byKind: Record<string, number> = {};
    const started = Date.now();
    await pool(cases, CONCURRENCY, async (c) => {
      const path = fill(c.path, world.ids);
      let res;
      try {
        res = await request(stack.gateway, c.endpoint.method, path, {
          json: c.json,
          raw: c.raw,
          contentType: c.contentType,
          token: token(c),
        });
      } catch (error) {
        failures.push(
          `${c.kind} ${c.endpoint.method} ${path.slice(0, 120)} (${c.note}): request failed ${(error as Error).message}`,
        );
        return;
      }
      byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
      byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
      const shape = ZErrorBody.safeParse(res.json);
      if (res.status < 400 || res.status >= 500 || !shape.success) {
        failures.push(
          `${c.kind} ${c.endpoint.method} ${path.slice(0, 120)} (${c.note}) body=${(c.raw ?? JSON.stringify(c.json) ?? '').slice(0, 200)} -> ${res.status} ${res.text.slice(0, 200)}`,
        );
      }
    });
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    await new Promise((r) => setTimeout(r, 1000));
    const after = await snapshot(stack);
    const changed = Object.keys({ ...before, ...after })
      .filter((k) => before[k] !== after[k])
      .map((k) => `${k}: ${before[k]} -> ${after[k]}`);
    console.log(
      `[abuse:fuzz] ${cases.length} invalid requests in ${seconds} s (concurrency ${CONCURRENCY}, seed ${SEED}); by kind ${JSON.stringify(byKind)}; by status ${JSON.stringify(byStatus)}; failures ${failures.length}; tables changed ${changed.length}`,
    );
    for (const f of failures.slice(0, 40)) console.log(`  ${f}`);
    for (const c of changed) console.log(`  changed ${c}`);
    expect(failures).toEqual([]);
    expect(changed).toEqual([]);
  });
});
