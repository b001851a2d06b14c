import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TPlot } from '@gleba/contracts';
import { errorBody, mockApi } from '../../../testing/render-app';
import { renderFeature } from '../../../testing/render-feature';
import { ImportExportPanel } from './import-export';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [21, 52],
      [21.001, 52],
      [21.001, 52.001],
      [21, 52],
    ],
  ],
};
const PLOT = {
  id: 'p1',
  name: 'Pole',
  plotNumber: null,
  kind: 'CUSTOM',
  terytId: null,
  precinct: null,
  areaHa: 1,
  geometry: polygon,
} as unknown as TPlot;
const GEOJSON = JSON.stringify({
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: { name: 'A' }, geometry: polygon }],
});
const upload = (name: string, text: string) =>
  userEvent.upload(screen.getByLabelText('Import fields (GeoJSON, KML)'), new File([text], name));

describe('import and export of fields', () => {
  it('sends the file and lists what was imported and each skipped feature with its reason', async () => {
    const { calls } = mockApi({
      'POST /api/plots/import': {
        imported: [PLOT],
        skipped: [
          {
            index: 1,
            name: 'Krzyżówka',
            code: 'shapeSelfIntersects',
            message: 'The edges of a shape cannot cross.',
          },
          { index: 2, name: null, code: 'geometryInvalid', message: 'Invalid shape.' },
        ],
      },
    });
    const onImported = vi.fn(async () => {});
    renderFeature(<ImportExportPanel plots={[]} onImported={onImported} />);
    await upload('pola.geojson', GEOJSON);
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({ format: 'geojson', content: GEOJSON });
    const status = screen
      .getAllByRole('status')
      .map((s) => s.textContent)
      .join(' ');
    expect(status).toContain('Imported plots: 1, skipped: 2.');
    expect(screen.getByText('Feature 2 (Krzyżówka): The edges of a shape cannot cross.')).toBeTruthy();
    expect(screen.getByText('Feature 3: Invalid shape.')).toBeTruthy();
  });

  it('refuses a file of another kind on the client and shows the server refusal of an unreadable one', async () => {
    const { calls } = mockApi({
      'POST /api/plots/import': errorBody(400, 'plotImportInvalid', 'The file cannot be read.'),
    });
    renderFeature(<ImportExportPanel plots={[]} onImported={async () => {}} />);
    await upload('pola.kml', '<kml><Document></Document></kml>');
    expect((await screen.findByRole('alert')).textContent).toBe('The file holds no polygons.');
    expect(calls).toHaveLength(0);
    await upload(
      'pola.kml',
      '<kml><Placemark><Polygon><outerBoundaryIs>x</outerBoundaryIs></Polygon></Placemark></kml>',
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The file cannot be read.'));
    expect(calls[0]?.body).toMatchObject({ format: 'kml' });
  });

  it('exports the plots as a GeoJSON download, and says when there is none', async () => {
    mockApi({});
    const created: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (created.push(b), 'blob:plots'),
        revokeObjectURL: () => {},
      }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('gleba-plots.geojson');
    });
    const view = renderFeature(<ImportExportPanel plots={[]} onImported={async () => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export plots (GeoJSON)' }));
    expect(screen.getByRole('alert').textContent).toBe('There are no plots to export.');
    view.unmount();
    renderFeature(<ImportExportPanel plots={[PLOT]} onImported={async () => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export plots (GeoJSON)' }));
    expect(clicked).toHaveBeenCalledTimes(1);
    const doc = JSON.parse(await created[0]!.text()) as {
      type: string;
      features: { properties: { name: string } }[];
    };
    expect(doc.type).toBe('FeatureCollection');
    expect(doc.features.map((f) => f.properties.name)).toEqual(['Pole']);
  });
});
