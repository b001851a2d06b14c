import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, renderApp } from '../../../testing/render-app';

describe('failed deliveries', () => {
  it('lists failed e-mails and SMS with their reasons, filtered by channel', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/deliveries': {
        items: [
          {
            id: '6d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
            userId: null,
            channel: 'SMS',
            type: 'SAMPLES_SENT',
            template: 'samplesSent',
            recipient: '+48600100200',
            language: 'pl',
            status: 'FAILED',
            reason: 'Twilio 21211: invalid number',
            externalId: null,
            attempts: 5,
            createdAt: '2026-11-21T10:00:00.000Z',
            sentAt: null,
          },
        ],
        meta: { page: 1, perPage: 20, total: 1, next: null, prev: null },
      },
      'GET /farm-api/deliveries/sms-log': {
        items: [
          {
            id: '7d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
            deliveryId: null,
            to: '+48600100201',
            from: 'Gleba',
            body: 'Gleba: Wyniki badania GB1 są gotowe.',
            segments: 1,
            encoding: 'UCS2',
            createdAt: '2026-11-21T10:00:00.000Z',
          },
        ],
        meta: { page: 1, perPage: 20, total: 1, next: null, prev: null },
      },
    });
    renderApp('/deliveries', { signedIn: true, mode: 'farm' });
    expect(await screen.findByText('Twilio 21211: invalid number')).toBeTruthy();
    // The type in words, not its code; the SMS log counts segments.
    expect(screen.getByText('Samples sent to the laboratory')).toBeTruthy();
    expect(screen.queryByText('SAMPLES_SENT')).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Segments' })).toBeTruthy();
    expect(screen.getByText('Gleba: Wyniki badania GB1 są gotowe.').closest('tr')?.textContent).toContain(
      '1',
    );
    expect(calls.find((c) => c.path === '/farm-api/deliveries')?.url.searchParams.get('status')).toBe(
      'FAILED',
    );
    await userEvent.selectOptions(screen.getByLabelText('Channel'), 'SMS');
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/farm-api/deliveries' && c.url.searchParams.get('channel') === 'SMS'),
      ).toBe(true),
    );
  });
});
