import { describe, expect, it } from 'vitest';
import { loadConfig } from '@gleba/platform';
import { ZConfig } from '../src/config';
import { shippingService } from '../src/service';

describe('shipping in production', () => {
  const env = {
    SERVICE_NAME: 'shipping',
    DATABASE_URL: 'postgres://x@127.0.0.1:5432/x',
    DPD_LOGIN: 'lab',
    DPD_FID: '12345',
  };
  const options = { productionSecrets: shippingService.productionSecrets };

  it("refuses to start on the DPD simulator's test account, naming each missing variable", () => {
    expect(() => loadConfig(ZConfig, env, options)).not.toThrow();
    const production = { ...env, NODE_ENV: 'production' };
    expect(() => loadConfig(ZConfig, production, options)).toThrow(/DPD_PASSWORD[\s\S]*DPD_PUDO_KEY/);
    expect(() => loadConfig(ZConfig, production, options)).not.toThrow(/DPD_LOGIN/);
    expect(() =>
      loadConfig(ZConfig, { ...production, DPD_PASSWORD: 'p', DPD_PUDO_KEY: 'k' }, options),
    ).not.toThrow();
  });
});
