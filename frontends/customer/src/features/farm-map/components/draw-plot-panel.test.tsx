import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPosition } from '@gleba/contracts';
import { errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature } from '../testing/render';
import { DrawPlotPanel } from './draw-plot-panel';

afterEach(() => vi.unstubAllGlobals());

/** About 100 m x 100 m near Mińsk Mazowiecki: 1 ha. */
const SQUARE: TPosition[] = [
  [21.5, 52.2],
  [21.50147, 52.2],
  [21.50147, 52.2009],
  [21.5, 52.2009],
];

function panel(ring: TPosition[] = SQUARE, closed = true) {
  const onSaved = vi.fn();
  renderFeature(<DrawPlotPanel ring={ring} closed={closed} onSaved={onSaved} onCancel={() => {}} />);
  return { onSaved, save: () => userEvent.click(screen.getByRole('button', { name: 'Save plot' })) };
}

describe('drawing a plot', () => {
  it('previews the area and the edge lengths on the client', () => {
    mockApi({});
    panel();
    expect(screen.getByText(/Area \(preview\): 1\.0\d ha/)).toBeTruthy();
    expect(screen.getByText('The final area is computed by the server.')).toBeTruthy();
    expect(screen.getAllByText(/^Edge \d: \d+\.\d m$/)).toHaveLength(4);
  });

  it('saves the closed polygon and reports the server area', async () => {
    const { calls } = mockApi({ 'POST /api/plots': { id: 'p1', name: 'Działka 1', areaHa: 1.01 } });
    const { onSaved, save } = panel();
    await userEvent.type(screen.getByLabelText('Plot name'), 'North field');
    await save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      name: 'North field',
      geometry: { type: 'Polygon', coordinates: [[...SQUARE, SQUARE[0]]] },
    });
    expect(await screen.findByText('Plot saved (1.01 ha).')).toBeTruthy();
  });

  it('refuses to save a shape of two corners, saying that three are needed, without calling the server', async () => {
    const { calls } = mockApi({});
    const { save } = panel(SQUARE.slice(0, 2), false);
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Mark at least 3 corners of the plot on the map.');
    expect(calls).toHaveLength(0);
  });

  it('says an unclosed shape of four points must be closed (not "draw the plot")', async () => {
    const { calls } = mockApi({});
    const { save } = panel(SQUARE, false);
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      'The shape is not closed (4 points): click the first point to close it, then save again.',
    );
    expect(calls).toHaveLength(0);
  });

  it('in Polish: decimal commas, edges over 1,000 m in km, the unclosed shape named with its plural', async () => {
    mockApi({});
    // About 1.5 km x 1 km.
    const big: TPosition[] = [
      [21.5, 52.2],
      [21.522, 52.2],
      [21.522, 52.209],
      [21.5, 52.209],
    ];
    renderFeature(<DrawPlotPanel ring={big} closed={false} onSaved={() => {}} onCancel={() => {}} />, 'pl');
    expect(screen.getByText(/^Powierzchnia \(podgląd\): \d+,\d\d ha$/)).toBeTruthy();
    expect(screen.getByText(/^Bok 1: 1,5\d? km$/)).toBeTruthy();
    expect(screen.getByText(/^Bok 2: 1(,0\d)? km$/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz działkę' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Kształt nie jest zamknięty \(4 punkty\)/);
  });

  it.each([
    ['shapeSelfIntersects', 422, 'The edges of a shape cannot cross.', 'The edges of a shape cannot cross.'],
    [
      'plotOverlapLimitExceeded',
      409,
      'The plot overlaps an existing one by more than 5%.',
      'The plot overlaps an existing one by more than 5%.',
    ],
    // The server's translated message wins; with no message of its own the catalogue's text of the code.
    ['shapeSelfIntersects', 422, 'shapeSelfIntersects', 'The edges of a shape cannot cross.'],
    ['validationFailed', 400, 'body.geometry: invalid', 'The shape is invalid.'],
    ['internal', 500, 'boom', 'Something went wrong. Try again later.'],
  ])('shows the error %s (%i) as the user reads it', async (code, status, message, shown) => {
    mockApi({ 'POST /api/plots': errorBody(status, code, message) });
    const { onSaved, save } = panel();
    await save();
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('shows a connection problem when the request never gets an answer', async () => {
    mockApi({ 'POST /api/plots': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { save } = panel();
    await save();
    expect((await screen.findByRole('alert')).textContent).toMatch(/connection|network/i);
  });
});
