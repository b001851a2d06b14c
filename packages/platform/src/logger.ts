import { pino, type Logger } from 'pino';
import { currentContext } from './context';

export type { Logger };

/** JSON logs; every line carries the correlation id of the request or event being handled. */
export function createLogger(service: string, level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const ctx = currentContext();
      return ctx ? { correlationId: ctx.correlationId, requestId: ctx.requestId } : {};
    },
    redact: {
      // Personal data never reaches a log line (decision 0057): addresses and numbers are censored.
      paths: [
        'req.headers.authorization',
        'password',
        '*.password',
        'refreshToken',
        '*.refreshToken',
        'email',
        '*.email',
        'phone',
        '*.phone',
        'phoneNumber',
        '*.phoneNumber',
        'recipient',
        '*.recipient',
        'to',
        '*.to',
      ],
      censor: '[redacted]',
    },
  });
}
