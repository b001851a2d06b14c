import {
  ZBaseConfig,
  createLogger,
  startService,
  type BaseConfig,
  type KeyResolver,
  type RunningService,
  type ServiceDefinition,
} from '@gleba/platform';
import { createTestDatabase, dropTestDatabases } from './database';
import { testEnv } from './env';
import { uniqueSuffix } from './ids';
import { deleteTestTopology, testMessagingNames } from './messaging';

export type TestService<DB, C extends BaseConfig> = RunningService<DB, C> & { cleanup: () => Promise<void> };

export interface TestServiceOptions<C> {
  /** Share one exchange between several services of a test (events travel between them). */
  messaging?: { exchange: string; queuePrefix: string };
  keys?: KeyResolver;
  /** Extra or overriding config (the service's own settings). */
  config?: Partial<C> & Record<string, unknown>;
  databaseUrl?: string;
}

/**
 * Starts a service in-process against real Postgres (its own fresh database), RabbitMQ (the test's
 * own exchange and queues) and Redis (the test's own key prefix), on a free port.
 */
export async function startTestService<DB, C extends BaseConfig>(
  def: ServiceDefinition<DB, C>,
  options: TestServiceOptions<C> = {},
): Promise<TestService<DB, C>> {
  const messaging = options.messaging ?? testMessagingNames(def.name);
  const raw = {
    SERVICE_NAME: def.name,
    PORT: '0',
    DATABASE_URL: options.databaseUrl ?? (await createTestDatabase(def.name)),
    DATABASE_POOL_MAX: '5',
    RABBITMQ_URL: testEnv.rabbitmqUrl,
    EVENTS_EXCHANGE: messaging.exchange,
    QUEUE_PREFIX: messaging.queuePrefix,
    REDIS_URL: testEnv.redisUrl,
    REDIS_PREFIX: `t:${def.name}:${uniqueSuffix()}`,
    LOG_LEVEL: process.env.GLEBA_TEST_LOG_LEVEL ?? 'silent',
    CONSUMER_RETRY_DELAYS_MS: '100,300',
    OUTBOX_POLL_MS: '200',
  };
  // With the service's own schema, its own settings get their defaults (and overrides are checked);
  // without it, the base settings are parsed and the overrides laid on top as given.
  const config = (
    def.configSchema
      ? def.configSchema.parse({ ...raw, ...(options.config ?? {}) })
      : { ...ZBaseConfig.parse(raw), ...(options.config ?? {}) }
  ) as C;
  const running = await startService(def, config, {
    keys: options.keys,
    logger: createLogger(def.name, config.LOG_LEVEL),
  });
  return {
    ...running,
    cleanup: async () => {
      await running.stop();
      const names = running.consumer.names;
      await deleteTestTopology(messaging, [
        names.queue,
        names.deadLetterQueue,
        ...config.CONSUMER_RETRY_DELAYS_MS.map(names.retryQueue),
      ]);
    },
  };
}

export { dropTestDatabases };
