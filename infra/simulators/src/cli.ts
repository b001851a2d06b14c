// `tsx src/cli.ts <name> [port]`: runs one simulator in the foreground (used by npm start).
import type { SimulatorHandle } from './simulator';

type Starter = (options: { port?: number }) => Promise<SimulatorHandle>;

/** Each simulator registers its starter here (one line each). */
const starters: Record<string, () => Promise<Starter>> = {
  twilio: async () => (await import('./twilio')).startTwilioSimulator,
  mail: async () => (await import('./mail')).startMailSimulator,
  uldk: async () => (await import('./uldk')).startUldkSimulator,
  oidc: async () => (await import('./oidc')).startOidcSimulator,
  dpd: async () => (await import('./dpd')).startDpdSimulator,
  przelewy24: async () => (await import('./przelewy24')).startPrzelewy24Simulator,
};

const [name, port] = process.argv.slice(2);
if (name === '--list') {
  console.log(Object.keys(starters).join('\n'));
  process.exit(0);
}
const load = name ? starters[name] : undefined;
if (!load) {
  console.error(`usage: cli.ts <${Object.keys(starters).join('|') || 'name'}> [port]`);
  process.exit(2);
}
const handle = await (await load())({ port: port ? Number(port) : undefined });
console.log(`${name} simulator on ${handle.url}`);
const stop = () => void handle.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
