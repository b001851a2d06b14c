/** The parts of shpjs 6 geo uses (the package ships no types; @types/shpjs describes version 3). */
declare module 'shpjs' {
  import type { FeatureCollection, Geometry } from 'geojson';
  type Bytes = ArrayBuffer | ArrayBufferView | DataView;
  /** The geometries of a `.shp`, one per record (`null` for a null shape), projected by `prj` when given. */
  export function parseShp(shp: Bytes, prj?: string | false): (Geometry | null)[];
  /** The attribute rows of a `.dbf`, decoded by the `.cpg`'s encoding (UTF-8 without one). */
  export function parseDbf(dbf: Bytes, cpg?: string): Record<string, unknown>[];
  /** Every layer of a zipped Shapefile as GeoJSON (a `.prj` is applied with proj4). */
  export function parseZip(
    zip: Bytes,
    whiteList?: string[],
  ): Promise<(FeatureCollection & { fileName?: string }) | (FeatureCollection & { fileName?: string })[]>;
  const getShapefile: (base: string | Bytes) => Promise<unknown>;
  export default getShapefile;
}
