import amqp, { type ChannelModel, type ConfirmChannel } from 'amqplib';
import type { Logger } from '../logger';

type Setup = (model: ChannelModel) => Promise<void>;

/**
 * One AMQP connection that reconnects with backoff and re-runs every registered setup
 * (topology, consumers, publisher channels) after each reconnect. Any unexpected channel close
 * recycles the whole connection, so there is one recovery path to reason about.
 */
export class AmqpConnection {
  private model: ChannelModel | null = null;
  /** True once every setup ran on the current connection (topology exists, consumers attached). */
  private ready = false;
  private readonly setups: Setup[] = [];
  private stopped = false;
  private attempt = 0;
  private timer: NodeJS.Timeout | null = null;
  private connecting = false;
  private readonly waiters: (() => void)[] = [];

  constructor(
    private readonly url: string,
    private readonly logger: Logger,
    private readonly options: { minDelayMs?: number; maxDelayMs?: number } = {},
  ) {}

  get connected(): boolean {
    return this.model !== null && this.ready;
  }

  /** Registers a setup; it runs now if connected and again after every reconnect. */
  async onConnect(setup: Setup): Promise<void> {
    this.setups.push(setup);
    if (this.model) await setup(this.model).catch((error) => this.recycle(error));
  }

  start(): void {
    this.stopped = false;
    void this.connect();
  }

  /** Resolves once connected (or after `timeoutMs`, with false). */
  waitUntilConnected(timeoutMs = 10_000): Promise<boolean> {
    if (this.connected) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  /** A confirm channel whose unexpected close recycles the connection. */
  async confirmChannel(model: ChannelModel): Promise<ConfirmChannel> {
    const channel = await model.createConfirmChannel();
    let closing = false;
    const originalClose = channel.close.bind(channel);
    channel.close = async () => {
      closing = true;
      return originalClose();
    };
    channel.on('error', (error: Error) => this.logger.warn({ err: error }, 'amqp channel error'));
    channel.on('close', () => {
      if (!closing && !this.stopped && this.model === model)
        this.recycle(new Error('channel closed unexpectedly'));
    });
    return channel;
  }

  async check(): Promise<void> {
    if (!this.connected) throw new Error('not connected to RabbitMQ');
  }

  async close(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    const model = this.model;
    this.model = null;
    this.ready = false;
    if (model) await model.close().catch(() => undefined);
  }

  private recycle(error: unknown): void {
    this.logger.warn({ err: error }, 'amqp connection recycled');
    const model = this.model;
    this.model = null;
    this.ready = false;
    if (model) model.close().catch(() => undefined);
    this.schedule();
  }

  private schedule(): void {
    if (this.stopped || this.timer || this.connecting) return;
    const min = this.options.minDelayMs ?? 200;
    const max = this.options.maxDelayMs ?? 5000;
    const delay = Math.min(max, min * 2 ** Math.min(this.attempt, 10)) * (0.8 + Math.random() * 0.4);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }

  private async connect(): Promise<void> {
    if (this.stopped || this.connecting || this.model) return;
    this.connecting = true;
    let model: ChannelModel | null = null;
    try {
      model = await amqp.connect(this.url, { timeout: 5000 });
      model.on('error', (error: Error) => this.logger.warn({ err: error }, 'amqp connection error'));
      model.on('close', () => {
        if (this.model === model) {
          this.model = null;
          this.ready = false;
          if (!this.stopped) {
            this.logger.warn('amqp connection closed; reconnecting');
            this.schedule();
          }
        }
      });
      this.model = model;
      this.ready = false;
      for (const setup of this.setups) await setup(model);
      if (this.model !== model) throw new Error('connection closed during setup');
      this.ready = true;
      this.attempt = 0;
      this.logger.info('amqp connected');
      for (const wake of this.waiters.splice(0)) wake();
    } catch (error) {
      this.logger.warn({ err: error }, 'amqp connect failed');
      if (this.model === model) this.model = null;
      if (model) await model.close().catch(() => undefined);
    } finally {
      this.connecting = false;
    }
    if (!this.model) this.schedule();
  }
}
