import type { SimulatorHandle } from '../simulator';
import type { MailDevModule } from './maildev';

/**
 * Mail capture for development: an SMTP server that keeps every message and a web inbox to read
 * them (maildev). `npm start` runs it on 1025 (SMTP) and 1080 (web) when no SMTP server is set.
 */
export interface MailSimulatorOptions {
  smtpPort?: number;
  webPort?: number;
  /** Alias of `smtpPort` (the simulator CLI passes `port`). */
  port?: number;
  /** Without the web inbox (tests need only the SMTP side). */
  disableWeb?: boolean;
}

export interface MailSimulatorHandle extends SimulatorHandle {
  smtpUrl: string;
  webUrl: string | null;
}

export async function startMailSimulator(options: MailSimulatorOptions = {}): Promise<MailSimulatorHandle> {
  const smtpPort = options.smtpPort ?? options.port ?? 1025;
  const webPort = options.webPort ?? 1080;
  // Loaded on demand: maildev is large and only this simulator needs it. The specifier is a plain
  // string so that TypeScript does not look for the types maildev does not ship (./maildev has them).
  const specifier: string = 'maildev';
  const { default: MailDev } = (await import(specifier)) as MailDevModule;
  const maildev = new MailDev({
    smtp: smtpPort,
    web: webPort,
    ip: '127.0.0.1',
    silent: true,
    disableWeb: options.disableWeb ?? false,
    noOpen: true,
  });
  await new Promise<void>((resolve, reject) =>
    maildev.listen((error) => (error ? reject(error) : resolve())),
  );
  const webUrl = options.disableWeb ? null : `http://127.0.0.1:${webPort}`;
  return {
    url: webUrl ?? `smtp://127.0.0.1:${smtpPort}`,
    port: smtpPort,
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    close: () => new Promise<void>((resolve) => maildev.close(() => resolve())),
  };
}
