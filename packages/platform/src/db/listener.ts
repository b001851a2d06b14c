import pg from 'pg';

export interface PgListenerOptions {
  databaseUrl: string;
  /** Channel name (an SQL identifier: letters, digits, underscores). */
  channel: string;
  /** Called for each NOTIFY on the channel, with its payload. */
  onNotify: (payload: string) => void;
  /** Called each time the LISTEN is (re-)established: whatever was sent meanwhile was missed. */
  onListening?: () => void;
  /** Delay before connecting again after the connection is lost (ms). */
  retryMs?: number;
}

/**
 * A dedicated connection LISTENing on one channel, reconnecting after a database restart (a
 * pooled connection cannot hold a LISTEN). Notifications are delivered at the sender's commit;
 * `onListening` tells the caller to re-check what it waits for, since anything sent while the
 * connection was down is lost.
 */
export class PgListener {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(private readonly options: PgListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/i.test(options.channel))
      throw new Error(`invalid channel name ${options.channel}`);
  }

  get listening(): boolean {
    return this.client !== null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    void this.connect();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const client = new pg.Client({ connectionString: this.options.databaseUrl });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (this.client === client) this.client = null;
      if (this.running) this.timer = setTimeout(() => void this.connect(), this.options.retryMs ?? 1000);
    });
    client.on('notification', (n) => {
      if (n.channel === this.options.channel.toLowerCase()) this.options.onNotify(n.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${this.options.channel}`);
      if (!this.running) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      this.options.onListening?.();
    } catch {
      await client.end().catch(() => undefined);
    }
  }
}
