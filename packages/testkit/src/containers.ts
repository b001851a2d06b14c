import { GenericContainer, type StartedTestContainer } from 'testcontainers';

/** Only used where Docker answers and a local service does not (see global-setup). */
export async function startContainer(name: string): Promise<{ url: string; stop: () => Promise<void> }> {
  let container: StartedTestContainer;
  switch (name) {
    case 'PostgreSQL':
      container = await new GenericContainer('postgres:15-alpine')
        .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
        .withExposedPorts(5432)
        .start();
      return {
        url: `postgres://postgres@${container.getHost()}:${container.getMappedPort(5432)}/postgres`,
        stop: () => container.stop().then(() => undefined),
      };
    case 'RabbitMQ':
      container = await new GenericContainer('rabbitmq:3.13-alpine').withExposedPorts(5672).start();
      return {
        url: `amqp://guest:guest@${container.getHost()}:${container.getMappedPort(5672)}`,
        stop: () => container.stop().then(() => undefined),
      };
    default:
      container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
      return {
        url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
        stop: () => container.stop().then(() => undefined),
      };
  }
}
