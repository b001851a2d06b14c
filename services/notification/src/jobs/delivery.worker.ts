import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { QueueName, type Language, type NotificationType } from '@gleba/contracts';
import { defineJob, type Jobs, type Logger } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  recordOutcome,
  settlePending,
  stalePending,
  type Channel,
} from '../db/repositories/deliveries.repository';
import { defaultPreference } from '../domain/rules';
import type { DeliveryQueue } from '../app/notify';
import { DeliveryStatements } from './delivery-statements';
import { noticeUrl } from '../domain/links';
import {
  ACCOUNT_TEMPLATES,
  MARKETING_TEMPLATES,
  renderEmail,
  renderSms,
  type Params,
  type Template,
} from '../domain/templates';
import { ProviderError, type Providers } from '../adapters';

const ZDeliveryJob = z.object({ deliveryId: z.uuid() });

export function deliveryJobs(config: Config) {
  const common = {
    version: 1,
    schema: ZDeliveryJob,
    attempts: config.DELIVERY_ATTEMPTS,
    backoffMs: config.DELIVERY_BACKOFF_MS,
  };
  return {
    EMAIL: defineJob({ queue: QueueName.notificationEmail, name: 'send-email', ...common }),
    SMS: defineJob({ queue: QueueName.notificationSms, name: 'send-sms', ...common }),
  };
}

/** How long the queue gathers deliveries before adding them to BullMQ in one round trip. */
const ENQUEUE_BATCH_MS = 10;
const ENQUEUE_BATCH_MAX = 200;

/**
 * Queues deliveries without holding up the event's transaction: jobs are gathered for a few
 * milliseconds and added with one `addBulk` per queue (one Redis round trip instead of one per
 * job), with a short delay (the transaction commits meanwhile; a worker that still cannot see the
 * row retries). A job lost on the way (Redis down, crash) is re-queued by the sweeper.
 */
export function deliveryQueue(jobs: Jobs, config: Config, logger: Logger): DeliveryQueue {
  const defs = deliveryJobs(config);
  let batch: { channel: Channel; deliveryId: string }[] = [];
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const items = batch;
    batch = [];
    for (const channel of ['EMAIL', 'SMS'] as const) {
      const def = defs[channel];
      const ids = items.filter((i) => i.channel === channel).map((i) => i.deliveryId);
      if (ids.length === 0) continue;
      // The payload and options `Jobs.add` gives a job (versioned payload, attempts, backoff, retention).
      void jobs
        .queue(def.queue)
        .addBulk(
          ids.map((deliveryId) => ({
            name: def.name,
            data: { v: def.version, data: def.schema.parse({ deliveryId }) },
            opts: {
              jobId: deliveryId,
              delay: config.DELIVERY_ENQUEUE_DELAY_MS,
              attempts: def.attempts,
              backoff: { type: 'exponential', delay: def.backoffMs },
              removeOnComplete: { age: 24 * 3600, count: 10_000 },
              removeOnFail: { age: 7 * 24 * 3600 },
            },
          })),
        )
        .catch((error: unknown) =>
          logger.warn({ err: error, deliveryIds: ids }, 'cannot queue deliveries; the sweeper will'),
        );
    }
  };
  return {
    async enqueue(channel: Channel, deliveryId: string) {
      batch.push({ channel, deliveryId });
      if (batch.length >= ENQUEUE_BATCH_MAX) flush();
      else timer ??= setTimeout(flush, ENQUEUE_BATCH_MS);
    },
  };
}

type Decision =
  | { kind: 'missing' }
  | { kind: 'done' }
  | {
      kind: 'send';
      channel: Channel;
      template: Template;
      recipient: string;
      language: Language;
      params: Params;
      firstName: string | null;
      app: 'customer' | 'admin';
      linkPath: string | null;
    };

/** The notification settings of the customer app (My account, its notifications section). */
export const PREFERENCES_PATH = '/my-account#notifications';

/** A row that does not exist yet may belong to a transaction still committing: retry a few times. */
const MISSING_RETRIES = 3;

export class DeliveryWorker {
  /** The load and the record of the jobs running together, one statement each (`DeliveryStatements`). */
  private readonly statements: DeliveryStatements;

  constructor(
    private readonly deps: { db: Kysely<Database>; config: Config; providers: Providers; logger: Logger },
  ) {
    this.statements = new DeliveryStatements(deps.db);
  }

  private url(app: 'customer' | 'admin', path: string | null, language: Language): string | null {
    if (!path) return null;
    const base = app === 'admin' ? this.deps.config.ADMIN_APP_URL : this.deps.config.CUSTOMER_APP_URL;
    return noticeUrl(base, path, language);
  }

  /**
   * Reloads the delivery, its contact and the user's preference (one query) and decides: send it,
   * or settle it without a send. A send is recorded by one conditional update afterwards: two
   * statements per delivery, no transaction held open, each shared with the jobs running at the
   * same time (`DeliveryStatements`).
   */
  private async decide(deliveryId: string): Promise<Decision> {
    const { db } = this.deps;
    const loaded = await this.statements.load(deliveryId);
    if (!loaded) return { kind: 'missing' };
    const { delivery: d, contact } = loaded;
    if (d.status !== 'PENDING') return { kind: 'done' };
    const channel = d.channel as Channel;
    const template = d.template as Template;
    const params = d.params as unknown as Params;
    const link = { app: d.app as 'customer' | 'admin', linkPath: d.link_path };
    if (d.fixed_recipient) {
      const firstName = typeof params.firstName === 'string' ? params.firstName : null;
      return {
        kind: 'send',
        channel,
        template,
        recipient: d.recipient!,
        language: d.language as Language,
        params,
        firstName,
        ...link,
      };
    }
    if (d.user_id && !ACCOUNT_TEMPLATES.has(template)) {
      const pref = loaded.pref ?? defaultPreference(d.type as NotificationType);
      if (!(channel === 'EMAIL' ? pref.isEmailEnabled : pref.isSmsEnabled)) {
        await settlePending(db, d.id, 'SKIPPED', 'disabledByPreference');
        return { kind: 'done' };
      }
    }
    if (!contact) {
      await settlePending(db, d.id, 'WAITING_CONTACT', null);
      return { kind: 'done' };
    }
    const recipient = channel === 'EMAIL' ? contact.email : contact.phoneNumber;
    if (!recipient) {
      await settlePending(db, d.id, 'SKIPPED', 'noPhoneNumber');
      return { kind: 'done' };
    }
    return {
      kind: 'send',
      channel,
      template,
      recipient,
      language: contact.language,
      params,
      firstName: contact.firstName,
      ...link,
    };
  }

  async process(deliveryId: string, job: Pick<Job, 'attemptsMade' | 'opts'>): Promise<string> {
    const decision = await this.decide(deliveryId);
    if (decision.kind === 'missing') {
      if (job.attemptsMade < MISSING_RETRIES) throw new Error(`delivery ${deliveryId} not visible yet`);
      return 'missing';
    }
    if (decision.kind === 'done') return 'nothing to do';
    const { config, providers } = this.deps;
    const render = { timeZone: config.TIME_ZONE };
    const to = { recipient: decision.recipient, language: decision.language };
    const lang = decision.language;
    // Links carry the reader's language, so the screen opens in it whatever the browser had.
    const url = this.url(decision.app, decision.linkPath, lang);
    try {
      let result;
      if (decision.channel === 'EMAIL') {
        const template = decision.template;
        const token = decision.params.unsubscribeToken;
        const base = config.CUSTOMER_APP_URL.replace(/\/$/, '');
        result = await providers.email.send({
          to: decision.recipient,
          language: lang,
          ...renderEmail(
            template,
            lang,
            {
              params: decision.params,
              firstName: decision.firstName,
              url,
              preferencesUrl:
                ACCOUNT_TEMPLATES.has(template) || MARKETING_TEMPLATES.has(template)
                  ? null
                  : noticeUrl(base, PREFERENCES_PATH, lang),
              unsubscribeUrl:
                MARKETING_TEMPLATES.has(template) && typeof token === 'string'
                  ? `${base}/api/newsletter/unsubscribe/${encodeURIComponent(token)}?lang=${lang}`
                  : null,
            },
            render,
          ),
        });
      } else {
        const sms = renderSms(
          decision.template,
          lang,
          { params: decision.params, url },
          { ...render, alphabet: config.SMS_ALPHABET },
        );
        result = await providers.sms.send({
          to: decision.recipient,
          deliveryId,
          body: sms.body,
          segments: sms.segments,
          encoding: sms.encoding,
        });
      }
      await this.statements.recordSent({
        id: deliveryId,
        to,
        status: result.logged ? 'LOGGED' : 'SENT',
        externalId: result.externalId,
        sentAt: result.sentAt,
      });
      return result.logged ? 'logged' : 'sent';
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof ProviderError && error.permanent;
      const final = permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      // Not final: back to PENDING with the reason, BullMQ retries after its backoff.
      await recordOutcome(this.deps.db, deliveryId, to, {
        status: final ? 'FAILED' : 'PENDING',
        reason: reason.slice(0, 1000),
      });
      this.deps.logger.warn({ deliveryId, channel: decision.channel, reason, final }, 'delivery failed');
      if (permanent) throw new UnrecoverableError(reason);
      throw error;
    }
  }

  /** Starts both workers and the sweeper that re-queues pending deliveries whose job was lost. */
  start(jobs: Jobs, queue: DeliveryQueue): () => Promise<void> {
    const defs = deliveryJobs(this.deps.config);
    const concurrency = this.deps.config.DELIVERY_CONCURRENCY;
    const workers = (['EMAIL', 'SMS'] as const).map((channel) =>
      jobs.worker(
        defs[channel].queue,
        [
          {
            def: defs[channel],
            process: (data, job) => this.process((data as z.infer<typeof ZDeliveryJob>).deliveryId, job),
          },
        ],
        { concurrency },
      ),
    );
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void (async () => {
        const stale = await stalePending(
          this.deps.db,
          new Date(Date.now() - this.deps.config.DELIVERY_SWEEP_AGE_MS),
        );
        for (const d of stale) await queue.enqueue(d.channel, d.id);
      })()
        .catch((error: unknown) => this.deps.logger.warn({ err: error }, 'delivery sweep failed'))
        .finally(() => {
          running = false;
        });
    }, this.deps.config.DELIVERY_SWEEP_MS);
    timer.unref();
    return async () => {
      clearInterval(timer);
      // The workers first (each waits for the job it is running): a send that began must end
      // before the SMTP pool closes under it.
      await Promise.all(workers.map((w) => w.close()));
      await this.deps.providers.email.close();
    };
  }
}
