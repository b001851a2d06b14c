import bcrypt from 'bcrypt';

/** bcrypt with a configurable cost. Checking a missing user still costs one comparison, so timing reveals nothing. */
export class PasswordHasher {
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly cost: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    // Made on first need (not at start): a hash of the same cost to compare against.
    this.dummyHash ??= bcrypt.hash('not-a-real-password-Aa1!', this.cost);
    const ok = await bcrypt.compare(password, hash ?? (await this.dummyHash));
    return ok && Boolean(hash);
  }
}
