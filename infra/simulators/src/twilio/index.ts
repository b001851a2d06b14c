import { randomBytes } from 'node:crypto';
import express from 'express';
import { listen, type SimulatorHandle } from '../simulator';

/**
 * Twilio Messages API simulator: `POST /2010-04-01/Accounts/{sid}/Messages.json` with HTTP Basic
 * (account SID : auth token) and a form body (To in E.164, From or MessagingServiceSid, Body),
 * answering as Twilio does (201 with the message resource; errors as `{code, message, status}`).
 * Records every accepted message; can be told to fail.
 */
export interface TwilioSimulatorOptions {
  port?: number;
  accountSid?: string;
  authToken?: string;
}

export interface SimulatedSms {
  sid: string;
  accountSid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: 'queued';
  dateCreated: string;
  /** The client's User-Agent (the official library sends `twilio-node/<version> ...`). */
  userAgent: string | null;
}

export interface TwilioFailure {
  /** HTTP status to answer (400: a permanent error such as an invalid number; 500/503: transient). */
  status: number;
  code?: number;
  message?: string;
  /** How many requests fail; omitted: every request until `succeed()`. */
  times?: number;
}

export interface TwilioSimulatorHandle extends SimulatorHandle {
  accountSid: string;
  authToken: string;
  messages: SimulatedSms[];
  /** Requests seen, accepted or not. */
  requests: number;
  fail(failure: TwilioFailure): void;
  succeed(): void;
  clear(): void;
}

export async function startTwilioSimulator(
  options: TwilioSimulatorOptions = {},
): Promise<TwilioSimulatorHandle> {
  const accountSid = options.accountSid ?? 'AC00000000000000000000000000000000';
  const authToken = options.authToken ?? 'simulator-auth-token';
  const messages: SimulatedSms[] = [];
  let failure: TwilioFailure | null = null;
  let requests = 0;

  const app = express();
  app.use(express.urlencoded({ extended: false }));

  const error = (res: express.Response, status: number, code: number, message: string) =>
    res
      .status(status)
      .json({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  app.post('/2010-04-01/Accounts/:sid/Messages.json', (req, res) => {
    requests += 1;
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
    if (req.params.sid !== accountSid || req.header('authorization') !== expected) {
      return error(res, 401, 20003, 'Authenticate');
    }
    if (failure) {
      const f = failure;
      if (f.times !== undefined) {
        f.times -= 1;
        if (f.times <= 0) failure = null;
      }
      return error(
        res,
        f.status,
        f.code ?? (f.status >= 500 ? 20500 : 21211),
        f.message ??
          (f.status >= 500 ? 'Internal Server Error' : "The 'To' number is not a valid phone number."),
      );
    }
    const body = (req.body ?? {}) as Record<string, string | undefined>;
    if (!body.To || !/^\+[1-9]\d{7,14}$/.test(body.To))
      return error(res, 400, 21211, `The 'To' number ${body.To ?? ''} is not a valid phone number.`);
    if (!body.From && !body.MessagingServiceSid)
      return error(
        res,
        400,
        21603,
        "A 'From' or 'MessagingServiceSid' parameter is required to send a message.",
      );
    if (!body.Body) return error(res, 400, 21602, 'Message body is required.');
    const sms: SimulatedSms = {
      sid: `SM${randomBytes(16).toString('hex')}`,
      accountSid,
      to: body.To,
      from: body.From ?? null,
      messagingServiceSid: body.MessagingServiceSid ?? null,
      body: body.Body,
      status: 'queued',
      dateCreated: new Date().toUTCString(),
      userAgent: req.header('user-agent') ?? null,
    };
    messages.push(sms);
    res.status(201).json({
      sid: sms.sid,
      account_sid: accountSid,
      to: sms.to,
      from: sms.from,
      messaging_service_sid: sms.messagingServiceSid,
      body: sms.body,
      status: sms.status,
      num_segments: String(Math.ceil(sms.body.length / 153) || 1),
      direction: 'outbound-api',
      date_created: sms.dateCreated,
      date_updated: sms.dateCreated,
      date_sent: null,
      error_code: null,
      error_message: null,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sms.sid}.json`,
    });
  });

  app.get('/2010-04-01/Accounts/:sid/Messages.json', (_req, res) => {
    res.json({
      messages: [...messages].reverse().map((m) => ({
        sid: m.sid,
        to: m.to,
        from: m.from,
        body: m.body,
        status: m.status,
        date_created: m.dateCreated,
      })),
    });
  });

  const handle = await listen(app, options.port);
  return {
    ...handle,
    accountSid,
    authToken,
    messages,
    get requests() {
      return requests;
    },
    fail(f: TwilioFailure) {
      failure = { ...f };
    },
    succeed() {
      failure = null;
    },
    clear() {
      messages.splice(0);
    },
  };
}
