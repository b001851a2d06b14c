import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TImportPreviewResult, TPlot } from '@gleba/contracts';
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
const outline: [number, number][] = [
  [21, 52],
  [21.001, 52],
  [21.001, 52.001],
];
const PREVIEW: TImportPreviewResult = {
  format: 'gml',
  shapes: [
    { index: 0, name: 'A', plotNumber: '114/2', areaHa: 10.0123, fileAreaHa: 10, ok: true, outline },
    {
      index: 1,
      name: 'Krzyżówka',
      plotNumber: null,
      areaHa: 1.5,
      fileAreaHa: null,
      ok: false,
      code: 'shapeSelfIntersects',
      message: 'The edges of a shape cannot cross.',
      outline,
    },
    { index: 2, name: null, plotNumber: '7', areaHa: 2, fileAreaHa: null, ok: true, outline },
  ],
};
const GML =
  '<gml:FeatureCollection><gml:featureMember><x><gml:Polygon/></x></gml:featureMember></gml:FeatureCollection>';
const upload = (name: string, text: string) =>
  userEvent.upload(
    screen.getByLabelText('Import fields (GML, zipped Shapefile, GeoJSON, KML)'),
    new File([text], name),
  );

describe('import and export of fields', () => {
  it('previews the file (names, numbers, areas, refusals), adds only the ticked shapes', async () => {
    const { calls } = mockApi({
      'POST /api/plots/import/preview': PREVIEW,
      'POST /api/plots/import': { imported: [PLOT], skipped: [] },
    });
    const onImported = vi.fn(async () => {});
    renderFeature(<ImportExportPanel plots={[]} onImported={onImported} />);
    await upload('eWniosek.gml', GML);
    const heading = await screen.findByRole('heading', { name: 'Fields in eWniosek.gml: 3' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(calls[0]?.body).toEqual({ format: 'gml', content: GML });
    expect(onImported).not.toHaveBeenCalled();
    const a = screen.getByRole('checkbox', { name: 'A · no. 114/2' });
    const refused = screen.getByRole('checkbox', { name: 'Krzyżówka' });
    const third = screen.getByRole('checkbox', { name: 'Shape 3 · no. 7' });
    expect([(a as HTMLInputElement).checked, (refused as HTMLInputElement).disabled]).toEqual([true, true]);
    expect(screen.getByText('10.01 ha (in the file: 10.00 ha)')).toBeTruthy();
    expect(screen.getByText('Cannot be added: The edges of a shape cannot cross.')).toBeTruthy();
    // Keyboard: untick the third with the space bar, then add.
    third.focus();
    await userEvent.keyboard(' ');
    expect((third as HTMLInputElement).checked).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Add the ticked (1)' }));
    await waitFor(() => expect(onImported).toHaveBeenCalled());
    expect(calls[1]?.body).toEqual({ format: 'gml', content: GML, only: [0] });
    expect(
      screen
        .getAllByRole('status')
        .map((s) => s.textContent)
        .join(' '),
    ).toContain('Imported plots: 1, skipped: 0.');
    expect(screen.queryByRole('heading', { name: /Fields in/ })).toBeNull();
  });

  it('cancels a preview without adding anything', async () => {
    const { calls } = mockApi({ 'POST /api/plots/import/preview': PREVIEW });
    renderFeature(<ImportExportPanel plots={[]} onImported={async () => {}} />);
    await upload('pola.geojson', GEOJSON);
    await screen.findByRole('heading', { name: 'Fields in pola.geojson: 3' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: /Fields in/ })).toBeNull();
    expect(calls.map((c) => c.path)).toEqual(['/api/plots/import/preview']);
  });

  it('refuses a file of another kind on the client and shows the server refusal of an unreadable one', async () => {
    const { calls } = mockApi({
      'POST /api/plots/import/preview': errorBody(
        400,
        'plotImportZipInvalid',
        'The file is not a valid zipped Shapefile (a ZIP with .shp, .dbf and .prj files) or it is damaged.',
      ),
    });
    renderFeature(<ImportExportPanel plots={[]} onImported={async () => {}} />);
    await upload('pola.shp', 'x');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'A Shapefile is several files: zip the .shp, .dbf, .shx and .prj together into one .zip file.',
    );
    expect(calls).toHaveLength(0);
    await upload('pola.zip', 'PK\u0003\u0004 damaged');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'The file is not a valid zipped Shapefile (a ZIP with .shp, .dbf and .prj files) or it is damaged.',
      ),
    );
    expect(calls[0]?.body).toMatchObject({ format: 'shp' });
  });

  it('exports GeoJSON here and a zipped Shapefile from the server, and says when there is nothing', async () => {
    const { calls } = mockApi({
      'GET /api/plots/export': new Response('PK-zip-bytes', {
        headers: { 'content-type': 'application/zip' },
      }),
    });
    const created: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (b: Blob) => (created.push(b), 'blob:plots'),
        revokeObjectURL: () => {},
      }),
    );
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const view = renderFeature(<ImportExportPanel plots={[]} onImported={async () => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Export plots' }));
    expect(screen.getByRole('alert').textContent).toBe('There are no plots to export.');
    view.unmount();
    renderFeature(<ImportExportPanel plots={[PLOT]} onImported={async () => {}} />);
    const format = screen.getByLabelText('Export format');
    expect((format as HTMLSelectElement).value).toBe('shp');
    await userEvent.click(screen.getByRole('button', { name: 'Export plots' }));
    await waitFor(() => expect(names).toEqual(['gleba-dzialki.zip']));
    expect(calls[0]?.url.search).toBe('?format=shp');
    expect(await created[0]!.text()).toBe('PK-zip-bytes');
    await userEvent.selectOptions(format, 'GeoJSON');
    await userEvent.click(screen.getByRole('button', { name: 'Export plots' }));
    await waitFor(() => expect(names).toEqual(['gleba-dzialki.zip', 'gleba-dzialki.geojson']));
    const doc = JSON.parse(await created[1]!.text()) as { features: { properties: { name: string } }[] };
    expect(doc.features.map((f) => f.properties.name)).toEqual(['Pole']);
  });
});
