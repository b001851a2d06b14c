// The mail simulator's inbox (maildev REST API): every e-mail the system sends in the suite.
import { system } from './system';

export interface CapturedMail {
  id: string;
  subject: string;
  html?: string;
  text?: string;
  to: { address: string; name?: string }[];
  date: string;
}

export async function listMail(): Promise<CapturedMail[]> {
  const res = await fetch(`${system().mailWeb}/email`);
  if (!res.ok) throw new Error(`mail inbox answered ${res.status}`);
  return (await res.json()) as CapturedMail[];
}

/** Waits for an e-mail to `address` whose subject or text matches (newest first). */
export async function waitForMail(
  address: string,
  match: RegExp = /./,
  timeoutMs = 30_000,
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await listMail()).filter((m) =>
      m.to.some((t) => t.address.toLowerCase() === address.toLowerCase()),
    );
    const hit = mails
      .reverse()
      .find((m) => match.test(m.subject) || match.test(m.text ?? '') || match.test(m.html ?? ''));
    if (hit) return hit;
    if (Date.now() > deadline)
      throw new Error(
        `no e-mail to ${address} matching ${match} within ${timeoutMs} ms (got: ${mails.map((m) => m.subject).join(' | ') || 'none'})`,
      );
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The first link in an e-mail whose URL matches (e.g. /activate/). */
export function linkIn(mail: CapturedMail, match: RegExp): string {
  const source = `${mail.html ?? ''}\n${mail.text ?? ''}`;
  for (const m of source.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
    const url = m[0].replace(/&amp;/g, '&');
    if (match.test(url)) return url;
  }
  throw new Error(`no link matching ${match} in "${mail.subject}"`);
}
