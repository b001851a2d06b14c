import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AppError, createTokenVerifier, type KeyResolver } from '@gleba/platform';
import { createTestKeys } from '@gleba/testkit';

/** A resolver whose keys the test can swap, counting its calls. */
function swappableResolver(initial: Record<string, KeyObject>) {
  let keys = { ...initial };
  const calls = { count: 0 };
  const resolver: KeyResolver = async (kid) => {
    calls.count += 1;
    const key = kid ? keys[kid] : undefined;
    if (!key) throw new AppError('invalidToken', 401, 'Unknown signing key');
    return key;
  };
  return { resolver, calls, set: (next: Record<string, KeyObject>) => (keys = { ...next }) };
}

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'accepted';
  } catch (error) {
    return (error as AppError).code;
  }
}

describe('token verifier: accepted tokens remembered, what can change checked on every use', () => {
  const keys = createTestKeys();

  it('answers a token seen before with the same claims', async () => {
    const verify = createTokenVerifier(keys.resolver);
    const token = keys.sign({ role: 'ADMIN', lang: 'uk' });
    const first = await verify(token);
    expect(first).toMatchObject({ role: 'ADMIN', language: 'uk' });
    expect(await verify(token)).toEqual(first);
  });

  it('refuses a remembered token once it has expired (tokenExpired, as a fresh verification says)', async () => {
    let clock = Date.now();
    const verify = createTokenVerifier(keys.resolver, { now: () => clock });
    const token = keys.sign({ role: 'USER' }, { expiresIn: 60 });
    expect(await codeOf(verify(token))).toBe('accepted');
    clock += 59_000;
    expect(await codeOf(verify(token))).toBe('accepted');
    clock += 2_000;
    expect(await codeOf(verify(token))).toBe('tokenExpired');
    expect(await codeOf(verify(token))).toBe('tokenExpired');
  });

  it('verifies again when the key that verified a remembered token is retired or replaced', async () => {
    const keys2 = swappableResolver({ [keys.kid]: keys.publicKey });
    const verify = createTokenVerifier(keys2.resolver);
    const token = keys.sign({ role: 'USER' });
    expect(await codeOf(verify(token))).toBe('accepted');
    keys2.set({});
    expect(await codeOf(verify(token))).toBe('invalidToken');
    // The same kid now names another key: the signature no longer verifies.
    keys2.set({ [keys.kid]: generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey });
    expect(await codeOf(verify(token))).toBe('invalidToken');
    keys2.set({ [keys.kid]: keys.publicKey });
    expect(await codeOf(verify(token))).toBe('accepted');
  });

  it('never remembers a refused token, and forgets the oldest beyond its size', async () => {
    const verify = createTokenVerifier(keys.resolver, { maxEntries: 2 });
    const good = keys.sign({ role: 'USER' });
    const [h, p] = good.split('.');
    const forged = `${h}.${p}.${'A'.repeat(342)}`;
    for (let i = 0; i < 3; i += 1) expect(await codeOf(verify(forged))).toBe('invalidToken');
    const tokens = [keys.sign({}), keys.sign({}), keys.sign({})];
    for (const t of tokens) expect(await codeOf(verify(t))).toBe('accepted');
    for (const t of tokens) expect(await codeOf(verify(t))).toBe('accepted');
  });

  it('re-checks the key on every hit (a cheap lookup), not the signature', async () => {
    const keys2 = swappableResolver({ [keys.kid]: keys.publicKey });
    const verify = createTokenVerifier(keys2.resolver);
    const token = keys.sign({ role: 'USER' });
    for (let i = 0; i < 5; i += 1) await verify(token);
    expect(keys2.calls.count).toBe(5);
  });
});
