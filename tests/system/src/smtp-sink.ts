import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/** An SMTP server that keeps every message it is given, parsed. */
export async function startSmtpSink() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    to: (email: string) => mails.filter((m) => JSON.stringify(m.to ?? '').includes(email)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
