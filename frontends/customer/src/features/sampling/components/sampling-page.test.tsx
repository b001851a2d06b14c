import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, mockApi } from '../../../testing/render-app';
import { ORDER_ID, SAMPLE_A } from '../../../testing/farm-fixtures';
import { renderPage } from '../../../testing/render-page';
import { SamplingPage } from './sampling-page';

const AT: [number, number] = [21.0122, 52.2297];

function sample(points: [number, number][]) {
  return {
    sampleId: SAMPLE_A,
    sampleNumber: 1,
    code: 'S-1',
    fieldName: 'Pole za wsią',
    sectorName: null,
    areaHa: 4,
    punctures: 15,
    geometry: null,
    pattern: { points, headlandM: 0, layout: 'W' },
    taken: [] as unknown[],
  };
}

function plan(points: [number, number][]) {
  return {
    orderId: ORDER_ID,
    orderNumber: 'ZF/2026/000007',
    status: 'ORDER_PAID',
    open: true,
    samples: [sample(points)],
  };
}

beforeEach(() => {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      watchPosition: (
        ok: (p: { coords: { latitude: number; longitude: number; accuracy: number } }) => void,
      ) => {
        ok({ coords: { longitude: AT[0], latitude: AT[1], accuracy: 3 } });
        return 1;
      },
      clearWatch: () => {},
    },
  });
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'geolocation');
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function api(points: [number, number][]) {
  let taken: unknown[] = [];
  return mockApi({
    'GET /api/users/me': USER,
    [`GET /api/orders/${ORDER_ID}/sampling`]: () => ({
      ...plan(points),
      samples: [{ ...sample(points), taken }],
    }),
    [`POST /api/orders/${ORDER_ID}/samples/${SAMPLE_A}/punctures`]: ({ body }: { body: unknown }) => {
      taken = [...taken, ...(body as { punctures: unknown[] }).punctures];
      return { ...sample(points), taken };
    },
  });
}

const render = () => renderPage('/orders/:id/sampling', `/orders/${ORDER_ID}/sampling`, <SamplingPage />);

describe('/orders/:id/sampling', () => {
  it('without planned points (an order placed before outlines) never says every planned puncture is taken, and counts each puncture', async () => {
    api([]);
    render();
    const button = await screen.findByRole('button', { name: 'Record a puncture' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(document.body.textContent).not.toContain('Every planned puncture is taken');
    await userEvent.click(button);
    expect(await screen.findByText('Puncture 1 of this sample recorded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Record a puncture' }));
    expect(await screen.findByText('Puncture 2 of this sample recorded.')).toBeTruthy();
    expect(screen.queryByText(/recorded at point/)).toBeNull();
    expect(document.body.textContent).not.toContain('Every planned puncture is taken');
  });

  it('says once that every planned puncture is taken, then counts the extra ones', async () => {
    api([AT]);
    render();
    const button = await screen.findByRole('button', { name: 'Taken – point 1' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await userEvent.click(button);
    expect(await screen.findByText('Puncture recorded at point 1.')).toBeTruthy();
    await waitFor(() =>
      expect(document.body.textContent!.split('Every planned puncture is taken').length - 1).toBe(1),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Take an extra puncture' }));
    expect(await screen.findByText('Puncture 2 of this sample recorded.')).toBeTruthy();
    expect(screen.queryByText('Puncture recorded at point 1.')).toBeNull();
  });
});
