import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature } from '../../../testing/render-feature';
import { CadastralForm } from './cadastral-form';

afterEach(() => vi.unstubAllGlobals());

const PLOT = { id: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a09', name: '112', areaHa: 1.2 };

function units() {
  return mockApi({
    'GET /api/admin-units/voivodeships': [
      { code: 'MAZOWIECKIE', teryt: '14', name: 'mazowieckie' },
      { code: 'LUBELSKIE', teryt: '06', name: 'lubelskie' },
    ],
    'GET /api/admin-units/counties': ({ url }: { url: URL }) =>
      url.searchParams.get('voivodeship') === 'MAZOWIECKIE'
        ? [{ teryt: '1412', name: 'miński', kindName: 'powiat', voivodeship: 'MAZOWIECKIE' }]
        : [],
    'GET /api/admin-units/communes': ({ url }: { url: URL }) =>
      url.searchParams.get('county') === '1412'
        ? [
            {
              teryt: '141207_2',
              name: 'Mińsk Mazowiecki',
              kindName: 'gmina wiejska',
              voivodeship: 'MAZOWIECKIE',
            },
          ]
        : [],
    'GET /api/admin-units/precincts': ({ url }: { url: URL }) =>
      url.searchParams.get('commune') === '141207_2'
        ? [
            { teryt: '141207_2.0021', name: 'Stojadła' },
            // Many precincts have no name but their code: shown once, not "0001 (0001)".
            { teryt: '141207_2.0001', name: '0001' },
          ]
        : [],
    'POST /api/plots/cadastral': ({ body }: { body: { plotNumber: string } }) =>
      body.plotNumber === '999'
        ? errorBody(404, 'parcelNotFound', 'No plot with this number in the chosen precinct.')
        : body.plotNumber === '120'
          ? errorBody(409, 'plotOverlapLimitExceeded', 'The plot overlaps an existing one by more than 5%.')
          : { ...PLOT, plotNumber: body.plotNumber },
  });
}

async function chooseAll() {
  const user = userEvent.setup();
  await screen.findByRole('option', { name: 'mazowieckie' });
  expect((screen.getByLabelText('County') as HTMLSelectElement).disabled).toBe(true);
  await user.selectOptions(screen.getByLabelText('Voivodeship'), 'MAZOWIECKIE');
  await screen.findByRole('option', { name: 'miński' });
  await user.selectOptions(screen.getByLabelText('County'), '1412');
  await screen.findByRole('option', { name: 'Mińsk Mazowiecki (gmina wiejska)' });
  await user.selectOptions(screen.getByLabelText('Commune'), '141207_2');
  await screen.findByRole('option', { name: 'Stojadła (0021)' });
  expect(screen.getByRole('option', { name: '0001' })).toBeTruthy();
  await user.selectOptions(screen.getByLabelText('Precinct'), '141207_2.0021');
  return user;
}

describe('cadastral form', () => {
  it('loads each level from the one chosen above and posts the full look-up', async () => {
    const { calls } = units();
    const onAdded = vi.fn();
    renderFeature(<CadastralForm onAdded={onAdded} />);
    const user = await chooseAll();
    const add = screen.getByRole('button', { name: 'Add plot' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.type(screen.getByLabelText('Plot number'), '114/1');
    await user.click(add);
    await waitFor(() =>
      expect(onAdded).toHaveBeenCalledWith(expect.objectContaining({ plotNumber: '114/1' })),
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/api/plots/cadastral');
    expect(post?.body).toEqual({
      voivodeship: 'MAZOWIECKIE',
      county: '1412',
      commune: '141207_2',
      precinct: '141207_2.0021',
      plotNumber: '114/1',
      name: 'Parcel 114/1, precinct Stojadła',
    });
    expect(
      calls.find((c) => c.path === '/api/admin-units/counties')?.url.searchParams.get('voivodeship'),
    ).toBe('MAZOWIECKIE');
  });

  it('clears the lower levels when a higher one changes', async () => {
    units();
    renderFeature(<CadastralForm onAdded={() => {}} />);
    const user = await chooseAll();
    await user.selectOptions(screen.getByLabelText('Voivodeship'), 'LUBELSKIE');
    expect((screen.getByLabelText('County') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Commune') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Precinct') as HTMLSelectElement).disabled).toBe(true);
    expect((screen.getByLabelText('Plot number') as HTMLInputElement).disabled).toBe(true);
  });

  it('shows the translated error of an unknown parcel', async () => {
    units();
    const onAdded = vi.fn();
    renderFeature(<CadastralForm onAdded={onAdded} />);
    const user = await chooseAll();
    await user.type(screen.getByLabelText('Plot number'), '999');
    await user.click(screen.getByRole('button', { name: 'Add plot' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No plot with this number in the chosen precinct.',
    );
    expect(onAdded).not.toHaveBeenCalled();
  });

  it("shows the server's message of an overlap, with the limit filled in", async () => {
    units();
    const onAdded = vi.fn();
    renderFeature(<CadastralForm onAdded={onAdded} />);
    const user = await chooseAll();
    await user.type(screen.getByLabelText('Plot number'), '120');
    await user.click(screen.getByRole('button', { name: 'Add plot' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The plot overlaps an existing one by more than 5%.',
    );
    expect(onAdded).not.toHaveBeenCalled();
  });

  it('names the failed look-up when the voivodeships cannot be fetched', async () => {
    mockApi({ 'GET /api/admin-units/voivodeships': errorBody(502, 'fetchVoivodeshipsFailed') });
    renderFeature(<CadastralForm onAdded={() => {}} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Could not fetch voivodeships.');
  });
});
