import { z } from 'zod';
import { PlantGroup, PlantType, Voivodeship } from '../enums';

/** Bodies and responses of geo (farm, plots, crops, sectors, admin units, cadastre, cities, plants). */

/** `[lng, lat]` in WGS84 (a third value, altitude, is accepted and ignored). */
export const ZPosition = z
  .array(z.number())
  .min(2)
  .max(3)
  .refine(
    ([lng, lat]) => lng! >= -180 && lng! <= 180 && lat! >= -90 && lat! <= 90,
    'position must be [lng, lat] in WGS84',
  );
export type TPosition = z.infer<typeof ZPosition>;

/**
 * The bounds of a shape (decision 0032): what a field can be. The schemas below refuse more
 * vertices or rings than this; geo's domain checks all of it again (imports, merges, unions and
 * splits make shapes no request body carried) and answers with the codes named here.
 */
export const GEO_LIMITS = {
  /** Vertices of one ring a request sends (`shapeTooComplex`). */
  ringVertices: 1_000,
  /** Vertices of one shape, all rings and parts together (`shapeTooComplex`). */
  shapeVertices: 2_000,
  /** Rings of one shape, holes and parts included (`shapeTooComplex`). */
  shapeRings: 100,
  /** Every vertex lies in Poland's extent with a margin, `[west, south, east, north]` (`shapeOutsidePoland`). */
  extent: [13.9, 48.9, 24.3, 55.0] as const,
  /** Largest plot, in ha (`shapeTooLarge`). */
  plotAreaHa: 1_000,
  /** Largest crop or sector, in ha: a crop may span several plots (`shapeTooLarge`). */
  cropAreaHa: 10_000,
  /** Most sectors of one crop, auto-divided or set by hand (`sectorsTooMany`). */
  sectors: 100,
  /** Vertices of all sectors of a crop sent by hand, together (`shapeTooComplex`). */
  sectorsVertices: 4_000,
  /** Most shapes in one imported file (`plotImportTooMany`). */
  importShapes: 200,
} as const;

/** A zod issue carrying one of geo's error codes (the platform answers with that code). */
function tooComplex(ctx: z.RefinementCtx, message: string) {
  ctx.addIssue({
    code: 'custom',
    message,
    params: {
      errorCode: 'shapeTooComplex',
      ringMax: GEO_LIMITS.ringVertices,
      shapeMax: GEO_LIMITS.shapeVertices,
      ringsMax: GEO_LIMITS.shapeRings,
    },
  });
}

/** A ring: at most `GEO_LIMITS.ringVertices` positions (closing one included). */
const ZRing = z
  .array(ZPosition)
  .max(GEO_LIMITS.ringVertices, `a ring has at most ${GEO_LIMITS.ringVertices} vertices`);

function checkShapeSize(polygons: unknown[][][], ctx: z.RefinementCtx) {
  let rings = 0;
  let vertices = 0;
  for (const poly of polygons) {
    rings += poly.length;
    for (const ring of poly) vertices += ring.length;
  }
  if (rings > GEO_LIMITS.shapeRings) tooComplex(ctx, `a shape has at most ${GEO_LIMITS.shapeRings} rings`);
  else if (vertices > GEO_LIMITS.shapeVertices)
    tooComplex(ctx, `a shape has at most ${GEO_LIMITS.shapeVertices} vertices`);
}

export const ZPolygonGeometry = z.object({ type: z.literal('Polygon'), coordinates: z.array(ZRing).min(1) });
export const ZMultiPolygonGeometry = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z.array(z.array(ZRing).min(1)).min(1),
});
/** GeoJSON Polygon or MultiPolygon in WGS84: the only geometry at geo's boundary. */
export const ZAreaGeometry = z.discriminatedUnion('type', [ZPolygonGeometry, ZMultiPolygonGeometry]);
export type TAreaGeometry = z.infer<typeof ZAreaGeometry>;
/** A shape a request sends: `ZAreaGeometry` within the vertex and ring counts of `GEO_LIMITS`. */
export const ZShapeInput = ZAreaGeometry.superRefine((geom, ctx) =>
  checkShapeSize(geom.type === 'Polygon' ? [geom.coordinates] : geom.coordinates, ctx),
);
export const ZLineGeometry = z.object({
  type: z.literal('LineString'),
  coordinates: z.array(ZPosition).max(GEO_LIMITS.ringVertices),
});

const ZTerytCounty = z.string().regex(/^\d{4}$/, 'county TERYT is 4 digits');
const ZTerytCommune = z.string().regex(/^\d{6}_\d$/, 'commune TERYT looks like WWPPGG_R');
const ZTerytPrecinct = z.string().regex(/^\d{6}_\d\.\d{4}$/, 'precinct TERYT looks like WWPPGG_R.OOOO');
const ZPlotNumber = z
  .string()
  .trim()
  .min(1)
  .max(32)
  .regex(/^[0-9A-Za-z/.-]+$/, 'plot number like 123/4');

// ---- farm ---------------------------------------------------------------------------------

export const ZFarmAddress = z.object({
  voivodeship: Voivodeship.nullish(),
  cityName: z.string().trim().max(100).nullish(),
  postCode: z
    .string()
    .regex(/^\d{2}-\d{3}$/, 'postcode like 00-000')
    .nullish(),
  streetName: z.string().trim().max(100).nullish(),
  buildingNumber: z.string().trim().min(1).max(10).nullish(),
  apartmentNumber: z.string().trim().min(1).max(10).nullish(),
});
export type TFarmAddress = z.infer<typeof ZFarmAddress>;

export const ZFarmBody = z.object({
  farmingActivity: z.boolean(),
  totalAreaM2: z.number().nonnegative('total area cannot be negative').max(1e10),
  address: ZFarmAddress.default({}),
});
export type TFarmBody = z.infer<typeof ZFarmBody>;

export const ZFarm = ZFarmBody.extend({ userId: z.uuid(), createdAt: z.string(), updatedAt: z.string() });
export type TFarm = z.infer<typeof ZFarm>;

// ---- plots --------------------------------------------------------------------------------

export const PlotKind = z.enum(['CADASTRAL', 'CUSTOM']);
export type PlotKind = z.infer<typeof PlotKind>;

/** Snap tolerance in metres for a drawn shape (0 = no snapping; omitted = the service default). */
const ZSnap = z.number().min(0).max(50).optional();

/** A plot drawn by hand (a CustomPlot unless TERYT data is given). Geometry is required, else `plotNotDrawn`. */
export const ZCreatePlotBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  geometry: ZShapeInput.optional(),
  plotNumber: ZPlotNumber.optional(),
  precinct: z.string().trim().max(100).optional(),
  snapToleranceM: ZSnap,
});
export type TCreatePlotBody = z.infer<typeof ZCreatePlotBody>;

/** Add a plot by look-up: voivodeship -> county -> commune -> precinct -> plot number (geometry from ULDK). */
export const ZCadastralPlotBody = z.object({
  voivodeship: Voivodeship,
  county: ZTerytCounty,
  commune: ZTerytCommune,
  precinct: ZTerytPrecinct,
  plotNumber: ZPlotNumber,
  name: z.string().trim().min(1).max(100).optional(),
});
export type TCadastralPlotBody = z.infer<typeof ZCadastralPlotBody>;

export const ZUpdatePlotBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  plotNumber: ZPlotNumber.nullable().optional(),
  precinct: z.string().trim().max(100).nullable().optional(),
  geometry: ZShapeInput.optional(),
  snapToleranceM: ZSnap,
});
export type TUpdatePlotBody = z.infer<typeof ZUpdatePlotBody>;

export const ZPlot = z.object({
  id: z.uuid(),
  /** publicPlotId (cadastral) or publicCustomPlotId (custom). */
  publicId: z.string(),
  kind: PlotKind,
  name: z.string(),
  plotNumber: z.string().nullable(),
  /** TERYT plot id `WWPPGG_R.OOOO.NR` (cadastral plots). */
  terytId: z.string().nullable(),
  voivodeship: Voivodeship.nullable(),
  county: z.string().nullable(),
  commune: z.string().nullable(),
  /** Precinct (obręb, the spec's "region"). */
  precinct: z.string().nullable(),
  areaHa: z.number(),
  geometry: ZAreaGeometry,
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TPlot = z.infer<typeof ZPlot>;

export const ZMoveBody = z.object({
  distanceM: z.number().positive().max(10_000),
  /** Degrees clockwise from north. */
  bearingDeg: z.number().min(-360).max(360),
});
export type TMoveBody = z.infer<typeof ZMoveBody>;

/** Divide by a straight line: exactly 2 vertices (else `wrongCoordinateCount`) crossing the shape. */
export const ZDivideBody = z.object({ line: ZLineGeometry });
export type TDivideBody = z.infer<typeof ZDivideBody>;

export const ZMergePlotsBody = z.object({ plotIds: z.array(z.uuid()).min(2).max(50) });
export type TMergePlotsBody = z.infer<typeof ZMergePlotsBody>;

/** A ring to cut out (open or closed; at least 3 distinct vertices, else `cutTooFewVertices`). */
export const ZCutBody = z.object({ ring: ZRing });
export type TCutBody = z.infer<typeof ZCutBody>;

/** Plot file formats: GeoJSON and KML (WGS84), GML and zipped Shapefiles (EPSG:2180 or WGS84). */
export const PLOT_FILE_FORMATS = ['geojson', 'kml', 'gml', 'shp'] as const;
export const ZPlotFileFormat = z.enum(PLOT_FILE_FORMATS);
export type TPlotFileFormat = z.infer<typeof ZPlotFileFormat>;

/**
 * A plot file: its text, or for `shp` the ZIP archive as base64 (at most 5,000,000 characters
 * either way, ~3.7 MB of ZIP). `only`: the indices (0-based, in the file's order, as the preview
 * lists them) to add; absent = every shape.
 */
export const ZImportPlotsBody = z.object({
  format: ZPlotFileFormat,
  content: z.string().min(1).max(5_000_000),
  only: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(GEO_LIMITS.importShapes - 1),
    )
    .min(1)
    .max(GEO_LIMITS.importShapes)
    .optional(),
});
export type TImportPlotsBody = z.infer<typeof ZImportPlotsBody>;

/** `POST /api/plots/import/preview`: the file alone (the preview lists every shape). */
export const ZImportPreviewBody = ZImportPlotsBody.omit({ only: true });
export type TImportPreviewBody = z.infer<typeof ZImportPreviewBody>;

/** The preview of a plot file: every shape read, with its area and whether it can be added (and why not). */
export const ZImportPreviewResult = z.object({
  format: ZPlotFileFormat,
  shapes: z.array(
    z.object({
      index: z.number().int(),
      name: z.string().nullable(),
      plotNumber: z.string().nullable(),
      /** Area computed from the shape (ha); null when the shape cannot be read. */
      areaHa: z.number().nullable(),
      /** Area the file states (e.g. eWniosekPlus' declared area), ha. */
      fileAreaHa: z.number().nullable(),
      ok: z.boolean(),
      code: z.string().optional(),
      message: z.string().optional(),
      /** The outline of the shape's largest part, at most 48 WGS84 positions, for a thumbnail. */
      outline: z.array(z.tuple([z.number(), z.number()])),
    }),
  ),
});
export type TImportPreviewResult = z.infer<typeof ZImportPreviewResult>;

/** `GET /api/plots/export?format=`: the user's plots as a file (SHP and GML in EPSG:2180). */
export const ZPlotExportQuery = z.object({ format: ZPlotFileFormat });
export type TPlotExportQuery = z.infer<typeof ZPlotExportQuery>;

export const ZImportPlotsResult = z.object({
  imported: z.array(ZPlot),
  skipped: z.array(
    z.object({ index: z.number().int(), name: z.string().nullable(), code: z.string(), message: z.string() }),
  ),
});
export type TImportPlotsResult = z.infer<typeof ZImportPlotsResult>;

// ---- crops and sectors --------------------------------------------------------------------

export const ZSector = z.object({
  id: z.uuid(),
  name: z.string(),
  areaHa: z.number(),
  geometry: ZAreaGeometry,
  /** Used in an ordered test: cannot be changed. */
  locked: z.boolean(),
});
export type TSector = z.infer<typeof ZSector>;

export const ZCreateCropBody = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  /** Crop id from the @gleba/agronomy catalogue. */
  plantId: z.string().min(1).max(64),
  cultivationFrom: z.iso.date(),
  cultivationTo: z.iso.date(),
  estimatedYieldTPerHa: z.number().nonnegative().max(500).nullable().optional(),
  plotIds: z.array(z.uuid()).min(1).max(100),
  /** Part of the plots the crop covers; omitted = the whole of its plots. */
  geometry: ZShapeInput.optional(),
});
export type TCreateCropBody = z.infer<typeof ZCreateCropBody>;

export const ZUpdateCropBody = ZCreateCropBody.partial();
export type TUpdateCropBody = z.infer<typeof ZUpdateCropBody>;

export const ZCrop = z.object({
  id: z.uuid(),
  name: z.string(),
  plantId: z.string(),
  plantName: z.string(),
  plantGroup: PlantGroup,
  plantType: PlantType,
  cultivationFrom: z.string(),
  cultivationTo: z.string(),
  estimatedYieldTPerHa: z.number().nullable(),
  plotIds: z.array(z.uuid()),
  areaHa: z.number(),
  geometry: ZAreaGeometry,
  divided: z.boolean(),
  hasTest: z.boolean(),
  sectors: z.array(ZSector),
  canUndo: z.boolean(),
  canRedo: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TCrop = z.infer<typeof ZCrop>;

export const ZAutoDivideBody = z.object({
  /** Largest sector in ha; omitted = the service default (4 ha). */
  maxAreaHa: z.number().min(0.1).max(100).optional(),
});
export type TAutoDivideBody = z.infer<typeof ZAutoDivideBody>;

export const ZUpdateSectorsBody = z.object({
  sectors: z
    .array(
      z.object({
        id: z.uuid().optional(),
        name: z.string().trim().min(1).max(50).optional(),
        geometry: ZShapeInput,
      }),
    )
    .min(1)
    .max(GEO_LIMITS.sectors)
    // All sectors together: the crop's outline and the lines between them.
    .superRefine((sectors, ctx) => {
      let vertices = 0;
      for (const s of sectors)
        for (const poly of s.geometry.type === 'Polygon' ? [s.geometry.coordinates] : s.geometry.coordinates)
          for (const ring of poly) vertices += ring.length;
      if (vertices > GEO_LIMITS.sectorsVertices)
        tooComplex(ctx, `the sectors have at most ${GEO_LIMITS.sectorsVertices} vertices together`);
    }),
});
export type TUpdateSectorsBody = z.infer<typeof ZUpdateSectorsBody>;

// ---- administrative units, cadastre, cities, plants ---------------------------------------

export const ZVoivodeshipItem = z.object({ code: Voivodeship, teryt: z.string(), name: z.string() });
export type TVoivodeshipItem = z.infer<typeof ZVoivodeshipItem>;

export const ZAdminUnit = z.object({
  teryt: z.string(),
  name: z.string(),
  /** GUS `NAZWA_DOD` (e.g. "powiat", "gmina wiejska"). */
  kindName: z.string(),
  voivodeship: Voivodeship,
});
export type TAdminUnit = z.infer<typeof ZAdminUnit>;

export const ZCountiesQuery = z.object({ voivodeship: Voivodeship });
export const ZCommunesQuery = z.object({ county: ZTerytCounty });
export const ZPrecinctsQuery = z.object({ commune: ZTerytCommune });

export const ZPrecinct = z.object({ teryt: z.string(), name: z.string() });
export type TPrecinct = z.infer<typeof ZPrecinct>;

export const ZParcelQuery = z.object({ precinct: ZTerytPrecinct, number: ZPlotNumber });
/** `GET /api/cadastre/parcels/at?lon&lat`: a WGS84 point (the parcel under a click on the map). */
const ZDegrees = (limit: number) =>
  z
    .string()
    .trim()
    .regex(/^[-+]?\d{1,3}(\.\d{1,12})?$/, 'degrees as a decimal number')
    .transform(Number)
    .pipe(z.number().min(-limit).max(limit));
export const ZParcelAtQuery = z.object({ lon: ZDegrees(180), lat: ZDegrees(90) });
export type TParcelAtQuery = z.infer<typeof ZParcelAtQuery>;

/** Largest side of a cadastral overlay image (`GET /api/cadastre/wms`), in pixels. */
export const CADASTRE_WMS_MAX_SIZE = 1024;
const ZWmsSize = z
  .string()
  .regex(/^\d{1,4}$/)
  .transform(Number)
  .pipe(z.number().int().min(1).max(CADASTRE_WMS_MAX_SIZE));
const ZWmsNumber = z
  .string()
  .regex(/^-?\d{1,8}(\.\d{1,12})?$/)
  .transform(Number);
/**
 * The cadastral overlay's WMS `GetMap` as the map sends it (WMS 1.1.1, EPSG:3857, PNG; the
 * `{bbox-epsg-3857}` template), forwarded by geo to the configured WMS (decision 0053).
 */
export const ZCadastreWmsQuery = z.object({
  SERVICE: z.literal('WMS'),
  REQUEST: z.literal('GetMap'),
  VERSION: z.literal('1.1.1'),
  LAYERS: z.enum(['dzialki', 'numery_dzialek', 'dzialki,numery_dzialek']),
  STYLES: z.string().max(64).optional(),
  FORMAT: z.literal('image/png'),
  TRANSPARENT: z.enum(['true', 'false', 'TRUE', 'FALSE']).optional(),
  SRS: z.literal('EPSG:3857'),
  BBOX: z
    .string()
    .max(120)
    .transform((v) => v.split(','))
    .pipe(z.tuple([ZWmsNumber, ZWmsNumber, ZWmsNumber, ZWmsNumber]))
    .refine(([x0, y0, x1, y1]) => x0 < x1 && y0 < y1, 'BBOX minimum must be below maximum')
    .refine((b) => b.every((v) => Math.abs(v) <= 20_037_508.35), 'BBOX outside EPSG:3857'),
  WIDTH: ZWmsSize,
  HEIGHT: ZWmsSize,
});
export type TCadastreWmsQuery = z.infer<typeof ZCadastreWmsQuery>;
export const ZParcel = z.object({
  terytId: z.string(),
  plotNumber: z.string(),
  /** Names, as ULDK gives them. */
  precinct: z.string(),
  commune: z.string(),
  county: z.string(),
  voivodeship: z.string(),
  /**
   * The parcel's place as `POST /api/plots/cadastral` takes it (codes from the TERYT id); null when
   * the id does not have that shape (e.g. a map-sheet id `...AR_1.12`), which only the form can add.
   */
  lookup: z
    .object({ voivodeship: Voivodeship, county: z.string(), commune: z.string(), precinct: z.string() })
    .nullable(),
  areaHa: z.number(),
  geometry: ZAreaGeometry,
});
export type TParcel = z.infer<typeof ZParcel>;

export const ZCitiesQuery = z.object({ q: z.string().trim().min(2).max(100) });
export const ZCity = z.object({
  name: z.string(),
  teryt: z.string().nullable(),
  voivodeship: Voivodeship.nullable(),
  kindName: z.string().nullable(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
});
export type TCity = z.infer<typeof ZCity>;

export const ZPlant = z.object({
  id: z.string(),
  name: z.string(),
  group: PlantGroup,
  type: PlantType,
  defaultYieldTPerHa: z.number(),
});
export type TPlant = z.infer<typeof ZPlant>;

/** `GET /api/weather?lat&lon`: coordinates in WGS84 (the widget sends its farm's or the user's location). */
export const ZWeatherQuery = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
});
export const ZWeatherDay = z.object({
  date: z.string(),
  /** WMO weather interpretation code (0 clear ... 95 thunderstorm). */
  weatherCode: z.number().int(),
  tempMaxC: z.number(),
  tempMinC: z.number(),
  precipitationMm: z.number(),
  precipitationProbability: z.number().nullable(),
});
export type TWeatherDay = z.infer<typeof ZWeatherDay>;
/** The forecast for the rounded coordinates: current conditions, today, and the next days. */
export const ZWeather = z.object({
  lat: z.number(),
  lon: z.number(),
  fetchedAt: z.string(),
  current: z.object({
    time: z.string(),
    temperatureC: z.number(),
    precipitationMm: z.number(),
    weatherCode: z.number().int(),
    windKmh: z.number().nullable(),
  }),
  today: ZWeatherDay,
  outlook: z.array(ZWeatherDay),
});
export type TWeather = z.infer<typeof ZWeather>;

// ---- prescription maps (variable-rate exports, decision 0060) -------------------------------

/** The file formats of a prescription: ISOXML TaskData (zip), an ESRI Shapefile (zip) or GeoJSON. */
export const PrescriptionFormat = z.enum(['isoxml', 'shp', 'geojson']);
export type PrescriptionFormat = z.infer<typeof PrescriptionFormat>;
/** What is spread: lime, or a P, K or Mg fertilizer (`@gleba/agronomy` PRESCRIPTION_KINDS). */
export const PrescriptionKind = z.enum(['LIME', 'P2O5', 'K2O', 'MGO']);
/** The highest rate accepted, kg of product per ha (15 t/ha of carbonate lime is the most the tables give). */
export const PRESCRIPTION_MAX_RATE_KG_PER_HA = 50_000;

export const ZPrescriptionExportParams = z.object({ id: z.uuid(), format: PrescriptionFormat });
export const ZPrescriptionExportBody = z.object({
  kind: PrescriptionKind,
  /** A product of `PRESCRIPTION_PRODUCTS[kind]` (`prescriptionProductUnknown` otherwise). */
  productId: z.string().regex(/^[A-Z0-9_]{1,40}$/, 'a product id'),
  /** A rate per sector of the crop (sectorId null: an undivided crop as a whole); sectors left out get no zone. */
  zones: z
    .array(
      z.object({
        sectorId: z.uuid().nullable(),
        rateKgPerHa: z.number().min(0).max(PRESCRIPTION_MAX_RATE_KG_PER_HA),
      }),
    )
    .min(1)
    .max(GEO_LIMITS.sectors),
});
export type TPrescriptionExportBody = z.infer<typeof ZPrescriptionExportBody>;
