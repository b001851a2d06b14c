import { describe, expect, it } from 'vitest';
import { PRIVACY_SERVICES } from '@gleba/contracts';
import { exportReadme } from './export-readme';

describe("the export's README", () => {
  it('is in the account language and names every file', () => {
    const at = new Date('2026-11-26T12:00:00Z');
    const pl = exportReadme('pl', PRIVACY_SERVICES, at);
    expect(pl).toContain('Twoje dane w Gleba');
    expect(pl).toContain('2026-11-26');
    for (const file of [
      'identity.json',
      'geo-plots.geojson',
      'geo-crops.geojson',
      'orders.json',
      'lab-import.json',
      'shipping.json',
      'notification.json',
    ])
      expect(pl).toContain(file);
    expect(exportReadme('en', PRIVACY_SERVICES, at)).toContain('Your data at Gleba');
    expect(exportReadme('uk', PRIVACY_SERVICES, at)).toContain('Ваші дані в Gleba');
    expect(exportReadme('uk', PRIVACY_SERVICES, at)).not.toMatch(/\{date\}/);
  });
});
