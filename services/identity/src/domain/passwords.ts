import bcrypt from 'bcrypt';

/** bcrypt with a configurable cost. Checking a missing user still costs one comparison, so timing reveals nothing. */
export class PasswordHasher {
  private dummyHash: Promise<string>;

  constructor(private readonly cost: number) {
    this.dummyHash = bcrypt.hash('not-a-real-password-Aa1!', cost);
  }

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  async verify(password: string, hash: string | null | undefined): Promise<boolean> {
    const ok = await bcrypt.compare(password, hash ?? (await this.dummyHash));
    return ok && Boolean(hash);
  }
}
