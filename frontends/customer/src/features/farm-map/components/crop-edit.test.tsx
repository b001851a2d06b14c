import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TCrop, TPlot } from '@gleba/contracts';
import { errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature } from '../../../testing/render-feature';
import { CropEditForm, DeleteItem } from './crop-edit';

afterEach(() => vi.unstubAllGlobals());

const PLOT = { id: 'a1111111-1111-4111-8111-111111111111', name: 'Pole A' } as TPlot;
const CROP = {
  id: 'c3333333-3333-4333-8333-333333333333',
  name: 'Pszenica',
  plantId: 'winter-wheat',
  plantName: 'Winter wheat',
  cultivationFrom: '2026-03-01',
  cultivationTo: '2026-09-30',
  estimatedYieldTPerHa: 6,
  plotIds: [PLOT.id],
  hasTest: false,
} as TCrop;
const PLANTS = [
  { id: 'winter-wheat', name: 'Winter wheat', group: 'CEREALS', type: 'FARM', defaultYieldTPerHa: 6 },
  { id: 'maize', name: 'Maize', group: 'CEREALS', type: 'FARM', defaultYieldTPerHa: 8 },
];

describe('editing a crop', () => {
  it('sends the changed name, plant, period and yield', async () => {
    const { calls } = mockApi({ 'GET /api/plants': PLANTS, [`PATCH /api/crops/${CROP.id}`]: CROP });
    const onSaved = vi.fn(async () => {});
    renderFeature(<CropEditForm crop={CROP} onSaved={onSaved} />);
    await screen.findByRole('option', { name: 'Maize' });
    await userEvent.clear(screen.getByLabelText('Crop name'));
    await userEvent.type(screen.getByLabelText('Crop name'), 'Kukurydza');
    await userEvent.selectOptions(screen.getByLabelText('Plant'), 'maize');
    await userEvent.clear(screen.getByLabelText('Estimated yield (t/ha)'));
    await userEvent.type(screen.getByLabelText('Estimated yield (t/ha)'), '7,5');
    await userEvent.click(screen.getByRole('button', { name: 'Save crop' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Kukurydza',
      plantId: 'maize',
      cultivationFrom: '2026-03-01',
      cultivationTo: '2026-09-30',
      estimatedYieldTPerHa: 7.5,
    });
    expect(await screen.findByText('Crop saved.')).toBeTruthy();
  });

  it('refuses a negative yield without calling the server, and shows the server refusal of a period', async () => {
    const { calls } = mockApi({
      'GET /api/plants': PLANTS,
      [`PATCH /api/crops/${CROP.id}`]: errorBody(
        400,
        'cultivationPeriodInvalid',
        'The cultivation period is invalid.',
      ),
    });
    renderFeature(<CropEditForm crop={CROP} onSaved={async () => {}} />);
    await userEvent.clear(screen.getByLabelText('Estimated yield (t/ha)'));
    await userEvent.type(screen.getByLabelText('Estimated yield (t/ha)'), '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save crop' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Enter the crop name and a yield from 0 to 500 t/ha.',
    );
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Estimated yield (t/ha)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save crop' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The cultivation period is invalid.'),
    );
  });
});

describe('deleting', () => {
  it('asks for confirmation; cancel changes nothing, confirm deletes the crop', async () => {
    const { calls } = mockApi({ [`DELETE /api/crops/${CROP.id}`]: new Response(null, { status: 204 }) });
    const onDeleted = vi.fn(async () => {});
    renderFeature(<DeleteItem kind="crops" item={CROP} crops={[CROP]} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete crop' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Delete the crop Pszenica? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete crop' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(calls).toMatchObject([{ method: 'DELETE', path: `/api/crops/${CROP.id}` }]);
    expect(await screen.findByText('Deleted.')).toBeTruthy();
  });

  it('refuses a crop with an ordered test, and a plot carrying one, without asking the server', async () => {
    const { calls } = mockApi({});
    const tested = { ...CROP, hasTest: true };
    renderFeature(
      <>
        <DeleteItem kind="crops" item={tested} crops={[tested]} onDeleted={async () => {}} />
        <DeleteItem kind="plots" item={PLOT} crops={[tested]} onDeleted={async () => {}} />
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Delete crop' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete plot' }));
    const alerts = screen.getAllByRole('alert').map((a) => a.textContent);
    expect(alerts).toEqual([
      'A crop with an ordered test cannot be deleted.',
      'A crop on this plot has an ordered test: the plot cannot be deleted.',
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('shows the server refusal (a test ordered meanwhile)', async () => {
    mockApi({
      [`DELETE /api/plots/${PLOT.id}`]: errorBody(
        409,
        'cropHasTest',
        'A crop with an ordered test cannot be deleted.',
      ),
    });
    const onDeleted = vi.fn();
    renderFeature(<DeleteItem kind="plots" item={PLOT} crops={[]} onDeleted={onDeleted} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete plot' }));
    expect(screen.getByRole('dialog').textContent).toContain('Crops lying only on it are deleted too.');
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A crop with an ordered test cannot be deleted.',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
