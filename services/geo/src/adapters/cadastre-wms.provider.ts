import { CadastreError } from './uldk.provider';

/** What the overlay asks: a WMS 1.1.1 GetMap in EPSG:3857 (checked by `ZCadastreWmsQuery`). */
export interface CadastreMapRequest {
  layers: string;
  transparent: boolean;
  bbox: [number, number, number, number];
  width: number;
  height: number;
}

/** The port of the cadastral overlay: KIEG's WMS in production, the ULDK simulator's locally. */
export interface CadastreMap {
  getMap(request: CadastreMapRequest): Promise<Buffer>;
}

const MAX_BYTES = 4 * 1024 * 1024;

/**
 * A WMS client for `GetMap` PNGs. `url` is the service's address (it may carry fixed parameters
 * of its own); the standard ones are set here. An answer that is not a PNG (a WMS
 * ServiceException, an HTML error page), too large, late or an HTTP error is a `CadastreError`.
 */
export function wmsCadastreMap(options: { url: string; timeoutMs: number }): CadastreMap {
  return {
    async getMap(r) {
      const url = new URL(options.url);
      const params: Record<string, string> = {
        SERVICE: 'WMS',
        REQUEST: 'GetMap',
        VERSION: '1.1.1',
        LAYERS: r.layers,
        STYLES: '',
        FORMAT: 'image/png',
        TRANSPARENT: r.transparent ? 'TRUE' : 'FALSE',
        SRS: 'EPSG:3857',
        BBOX: r.bbox.join(','),
        WIDTH: String(r.width),
        HEIGHT: String(r.height),
      };
      for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
      let res: Response;
      try {
        res = await fetch(url, { signal: AbortSignal.timeout(options.timeoutMs) });
      } catch (error) {
        throw new CadastreError('unavailable', `WMS did not answer: ${(error as Error).message}`);
      }
      if (!res.ok) throw new CadastreError('unavailable', `WMS answered HTTP ${res.status}`);
      const type = res.headers.get('content-type') ?? '';
      const body = Buffer.from(await res.arrayBuffer());
      if (!type.startsWith('image/png') || body.length > MAX_BYTES || !body.subarray(1, 4).equals(PNG))
        throw new CadastreError(
          'malformed',
          `WMS answered ${type || 'no type'} (${body.length} bytes), not a PNG`,
        );
      return body;
    },
  };
}

const PNG = Buffer.from('PNG', 'ascii');
