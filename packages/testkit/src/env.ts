/** Where the real services are; defaults are the ones on our machines. */
export const testEnv = {
  postgresUrl: process.env.GLEBA_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  rabbitmqUrl: process.env.GLEBA_TEST_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
  redisUrl: process.env.GLEBA_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
};
