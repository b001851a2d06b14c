import { PgListener } from '@gleba/platform';

/** Channel of the NOTIFY sent by the in_app_notifications trigger (payload: the user id). */
export const IN_APP_CHANNEL = 'gleba_in_app';

/** One long poll's registration: woken by a change of its user's notifications. */
export class ChangeWaiter {
  private woken = false;
  private release: (() => void) | null = null;

  constructor(
    readonly userId: string,
    private readonly done: (w: ChangeWaiter) => void,
  ) {}

  /** Called by the hub. */
  wake(): void {
    this.woken = true;
    this.release?.();
  }

  /** Resolves at the next change since the last call (at once if one came meanwhile), or after `ms`. */
  next(ms: number): Promise<void> {
    if (this.woken) {
      this.woken = false;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.release = null;
        this.woken = false;
        resolve();
      };
      const timer = setTimeout(finish, Math.max(0, ms));
      this.release = finish;
    });
  }

  close(): void {
    this.release?.();
    this.done(this);
  }
}

/** A user's notification state as the long poll answers it. */
export interface InAppState {
  cursor: string;
  unseenCount: number;
}

/**
 * The long polls of this replica, keyed by user, woken by the database's NOTIFY (so a notification
 * written by any replica's consumer wakes them). While the LISTEN connection is down, waits are cut
 * to `fallbackMs` so a poll never sleeps through a change it cannot hear about.
 *
 * It also remembers each user's last looked-up state while listening: every change of a user's
 * notifications sends a NOTIFY, so until one arrives for the user the state has not changed and a
 * poll need not ask the database again (a client's next poll, right after the answer, starts with
 * the cursor it was just given). The NOTIFY forgets it, and a look-up that was under way when the
 * NOTIFY came is not remembered; a reconnected listener forgets everything; entries expire after
 * `stateMaxAgeMs` in case the connection died unnoticed.
 */
export class InAppChanges {
  private readonly byUser = new Map<string, Set<ChangeWaiter>>();
  private count = 0;
  private listener: PgListener | null = null;
  private closed = false;
  private readonly states = new Map<string, { state: InAppState; at: number }>();
  /** The latest look-up under way per user; a NOTIFY removes it, so its result is not remembered. */
  private readonly looking = new Map<string, object>();

  constructor(
    private readonly options: {
      databaseUrl: string;
      maxWaiters?: number;
      maxPerUser?: number;
      fallbackMs?: number;
      maxStates?: number;
      stateMaxAgeMs?: number;
    },
  ) {}

  /** The user's state: remembered (see above) or from `load`, which is then remembered. */
  async stateOf(userId: string, load: () => Promise<InAppState>): Promise<InAppState> {
    const key = userId.toLowerCase();
    const listening = this.listener?.listening === true;
    const known = this.states.get(key);
    if (known && listening && Date.now() - known.at <= (this.options.stateMaxAgeMs ?? 5000))
      return known.state;
    const look = {};
    this.looking.set(key, look);
    const at = Date.now();
    const state = await load();
    if (this.looking.get(key) === look) {
      this.looking.delete(key);
      if (listening && this.listener?.listening) this.remember(key, state, at);
    }
    return state;
  }

  /** This replica changed the user's notifications: its NOTIFY will come, but do not wait for it. */
  forget(userId: string): void {
    const key = userId.toLowerCase();
    this.states.delete(key);
    this.looking.delete(key);
  }

  private remember(key: string, state: InAppState, at: number): void {
    this.states.delete(key);
    if (this.states.size >= (this.options.maxStates ?? 10_000))
      this.states.delete(this.states.keys().next().value as string);
    this.states.set(key, { state, at });
  }

  start(): void {
    this.listener = new PgListener({
      databaseUrl: this.options.databaseUrl,
      channel: IN_APP_CHANNEL,
      onNotify: (userId) => {
        this.forget(userId);
        this.wake(userId);
      },
      // Changes sent while the connection was down were missed: everyone looks again.
      onListening: () => {
        this.states.clear();
        this.looking.clear();
        this.wakeAll();
      },
    });
    this.listener.start();
  }

  /** No more waiting: every poll answers now, new ones at once. */
  close(): void {
    this.closed = true;
    this.wakeAll();
  }

  get isClosed(): boolean {
    return this.closed;
  }

  async stop(): Promise<void> {
    this.close();
    await this.listener?.stop();
    this.listener = null;
  }

  /** How long a poll may sleep now. */
  waitLimit(ms: number): number {
    return this.listener?.listening ? ms : Math.min(ms, this.options.fallbackMs ?? 2000);
  }

  get waiting(): number {
    return this.count;
  }

  /** A registration for the user's changes; null when too many polls wait already (answer at once). */
  subscribe(userId: string): ChangeWaiter | null {
    if (this.closed) return null;
    const mine = this.byUser.get(userId);
    if (
      this.count >= (this.options.maxWaiters ?? 10_000) ||
      (mine?.size ?? 0) >= (this.options.maxPerUser ?? 8)
    )
      return null;
    const waiter = new ChangeWaiter(userId, (w) => this.remove(w));
    if (mine) mine.add(waiter);
    else this.byUser.set(userId, new Set([waiter]));
    this.count += 1;
    return waiter;
  }

  private remove(w: ChangeWaiter): void {
    const mine = this.byUser.get(w.userId);
    if (!mine?.delete(w)) return;
    this.count -= 1;
    if (mine.size === 0) this.byUser.delete(w.userId);
  }

  private wake(userId: string): void {
    for (const w of this.byUser.get(userId) ?? []) w.wake();
  }

  private wakeAll(): void {
    for (const set of this.byUser.values()) for (const w of set) w.wake();
  }
}

const hubs = new WeakMap<object, InAppChanges>();

/** The one hub of a service instance (its routes and its start share it); closed when the service begins to stop. */
export function inAppChangesOf(ctx: {
  config: { DATABASE_URL: string };
  closing: AbortSignal;
}): InAppChanges {
  // Keyed by the instance's closing signal: the routes get the context with their own additions.
  let hub = hubs.get(ctx.closing);
  if (!hub) {
    const created = new InAppChanges({ databaseUrl: ctx.config.DATABASE_URL });
    ctx.closing.addEventListener('abort', () => created.close(), { once: true });
    hubs.set(ctx.closing, created);
    hub = created;
  }
  return hub;
}
