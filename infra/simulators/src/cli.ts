// `tsx src/cli.ts <name> [port] [webPort]`: runs one simulator in the foreground (`webPort` is the
// mail simulator's web inbox).
import type { SimulatorHandle } from './simulator';

type Starter = (options: { port?: number; webPort?: number }) => Promise<SimulatorHandle>;

/** Each simulator registers its starter here (one line each). */
const starters: Record<string, () => Promise<Starter>> = {
  twilio: async () => (await import('./twilio')).startTwilioSimulator,
  mail: async () => (await import('./mail')).startMailSimulator,
  uldk: async () => (await import('./uldk')).startUldkSimulator,
  oidc: async () => (await import('./oidc')).startOidcSimulator,
  // Tracking moves one step per DPD_SIM_TRACKING_STEP_MS (npm start sets it; 0: only pushed events).
  dpd: async () => {
    const { startDpdSimulator } = await import('./dpd');
    return (o) =>
      startDpdSimulator({ ...o, trackingStepMs: Number(process.env.DPD_SIM_TRACKING_STEP_MS ?? 0) });
  },
  przelewy24: async () => (await import('./przelewy24')).startPrzelewy24Simulator,
  'open-meteo': async () => (await import('./open-meteo')).startOpenMeteoSimulator,
  wordpress: async () => (await import('./wordpress')).startWordPressSimulator,
};

// `cli.ts <name>:<port>[:<webPort>] ...` runs several in one process (npm start and the suites).
const args = process.argv.slice(2);
if (args[0] === '--list') {
  console.log(Object.keys(starters).join('\n'));
  process.exit(0);
}
const wanted = args.some((a) => a.includes(':'))
  ? args.map((a) => a.split(':'))
  : [[args[0], args[1], args[2]]];
const handles: SimulatorHandle[] = [];
for (const [name, port, webPort] of wanted) {
  const load = name ? starters[name] : undefined;
  if (!load) {
    console.error(
      `usage: cli.ts <${Object.keys(starters).join('|')}> [port] [webPort], or <name>:<port>[:<webPort>] ...`,
    );
    process.exit(2);
  }
  const handle = await (
    await load()
  )({ port: port ? Number(port) : undefined, webPort: webPort ? Number(webPort) : undefined });
  handles.push(handle);
  console.log(`${name} simulator on ${handle.url}`);
}
const stop = () => void Promise.all(handles.map((h) => h.close())).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
