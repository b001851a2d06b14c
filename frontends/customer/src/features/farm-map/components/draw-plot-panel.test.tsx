import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPosition } from '@gleba/contracts';
import { errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature } from '../../../testing/render-feature';
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

describe('typing the corners (the keyboard way to make a plot)', () => {
  const corner = (n: number) => screen.getByRole('group', { name: `Narożnik ${n}` });
  const typeCorner = async (
    user: ReturnType<typeof userEvent.setup>,
    n: number,
    lat: string,
    lon: string,
  ) => {
    await user.type(within(corner(n)).getByLabelText('Szerokość geograficzna (N)'), lat);
    await user.type(within(corner(n)).getByLabelText('Długość geograficzna (E)'), lon);
  };

  function typedPanel() {
    const onSaved = vi.fn();
    renderFeature(
      <DrawPlotPanel ring={[]} closed={false} snapToleranceM={2} onSaved={onSaved} onCancel={() => {}} />,
      'pl',
    );
    return { onSaved };
  }

  it('adds a corner, previews the area and saves the typed ring through the drawing call', async () => {
    const { calls } = mockApi({ 'POST /api/plots': { id: 'p1', name: 'Działka 1', areaHa: 1.01 } });
    const user = userEvent.setup();
    const { onSaved } = typedPanel();
    await user.click(screen.getByLabelText('Wpisz narożniki jako współrzędne'));
    expect(screen.getAllByRole('group', { name: /^Narożnik \d$/ })).toHaveLength(3);
    await typeCorner(user, 1, '52,2', '21,5');
    await typeCorner(user, 2, '52,2', '21,50147');
    await typeCorner(user, 3, '52,2009', '21,50147');
    await user.click(screen.getByRole('button', { name: 'Dodaj narożnik' }));
    // The new row takes the focus, ready for typing.
    expect(document.activeElement).toBe(within(corner(4)).getByLabelText('Szerokość geograficzna (N)'));
    await user.keyboard('52.2009');
    await user.type(within(corner(4)).getByLabelText('Długość geograficzna (E)'), '21.5');
    expect(screen.getByText(/Powierzchnia \(podgląd\): 1,0\d ha/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Zapisz działkę' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.filter((c) => c.path === '/api/plots')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      snapToleranceM: 2,
      geometry: { type: 'Polygon', coordinates: [[...SQUARE, SQUARE[0]]] },
    });
  });

  it('refuses wrong or missing coordinates in Polish, focuses the first, and sends nothing', async () => {
    const { calls } = mockApi({});
    const user = userEvent.setup();
    typedPanel();
    await user.click(screen.getByLabelText('Wpisz narożniki jako współrzędne'));
    await typeCorner(user, 1, '95', '21,5');
    await typeCorner(user, 2, '52,2', 'abc');
    await user.click(screen.getByRole('button', { name: 'Zapisz działkę' }));
    expect(screen.getByText('Popraw zaznaczone współrzędne.')).toBeTruthy();
    expect(within(corner(1)).getByText('Szerokość musi mieścić się między -90 a 90.')).toBeTruthy();
    expect(within(corner(2)).getByText('Wpisz liczbę w stopniach, np. 52,1553.')).toBeTruthy();
    expect(document.activeElement).toBe(within(corner(1)).getByLabelText('Szerokość geograficzna (N)'));
    expect(calls).toHaveLength(0);
  });

  it('keeps at least 3 corners and removes the chosen one', async () => {
    mockApi({});
    const user = userEvent.setup();
    typedPanel();
    await user.click(screen.getByLabelText('Wpisz narożniki jako współrzędne'));
    expect((screen.getByRole('button', { name: 'Usuń narożnik 1' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Dodaj narożnik' }));
    await typeCorner(user, 2, '52,5', '21,5');
    await user.click(screen.getByRole('button', { name: 'Usuń narożnik 2' }));
    expect(screen.getAllByRole('group', { name: /^Narożnik \d$/ })).toHaveLength(3);
    expect(screen.queryByDisplayValue('52,5')).toBeNull();
    expect(document.activeElement).toBe(within(corner(2)).getByLabelText('Szerokość geograficzna (N)'));
  });
});
