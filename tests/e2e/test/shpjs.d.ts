// shpjs 6 ships no types: a zipped Shapefile (bytes) in, GeoJSON (WGS84) out.
declare module 'shpjs' {
  export default function shp(
    input: ArrayBuffer | Uint8Array | Buffer | string,
  ): Promise<GeoJSON.FeatureCollection | GeoJSON.FeatureCollection[]>;
}
