/** Polls until `fn` returns a truthy value (or throws after `timeoutMs`). */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  options: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await fn();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, options.intervalMs ?? 50));
  }
  throw new Error(
    `${options.message ?? 'condition not met'} within ${options.timeoutMs ?? 15_000} ms${last ? `: ${String(last)}` : ''}`,
  );
}
