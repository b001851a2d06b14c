import { describe, expect, it } from 'vitest';
import { loadConfig } from '@gleba/platform';
import { ZConfig } from '../src/config';
import { notificationService } from '../src/service';

describe('notification in production', () => {
  const env = {
    SERVICE_NAME: 'notification',
    DATABASE_URL: 'postgres://x@127.0.0.1:5432/x',
    TWILIO_ACCOUNT_SID: 'AC1',
    TWILIO_AUTH_TOKEN: 'token',
  };
  const options = { productionSecrets: notificationService.productionSecrets };

  it('refuses to start on the local mail capture and without an SMS sender, naming them', () => {
    expect(() => loadConfig(ZConfig, env, options)).not.toThrow();
    const production = { ...env, NODE_ENV: 'production' };
    expect(() => loadConfig(ZConfig, production, options)).toThrow(
      /SMTP_URL[\s\S]*TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID/,
    );
    expect(() =>
      loadConfig(
        ZConfig,
        { ...production, SMTP_URL: 'smtp://mail.example.com:587', TWILIO_MESSAGING_SERVICE_SID: 'MG1' },
        options,
      ),
    ).not.toThrow();
  });
});
