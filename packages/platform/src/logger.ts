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
      paths: ['req.headers.authorization', 'password', '*.password', 'refreshToken', '*.refreshToken'],
      censor: '[redacted]',
    },
  });
}
