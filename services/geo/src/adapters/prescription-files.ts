// The files a spreader's terminal loads, written from a prescription plan (decision 0060):
// ISOXML TaskData (ISO 11783-10) with one treatment zone per rate, an ESRI Shapefile with one
// polygon per sector and its RATE in kg/ha, and GeoJSON.
import shpwrite from '@mapbox/shp-write';
import * as turf from '@turf/turf';
import {
  ISOXMLManager,
  PolygonPolygonTypeEnum,
  ProductProductTypeEnum,
  TAGS,
  TaskTaskStatusEnum,
  ExtendedPolygon,
  type ExtendedPartfield,
  type ExtendedTask,
  type Product,
  type ProcessDataVariable,
  type TreatmentZone,
  type ValuePresentation,
} from 'isoxml';
import type { Area } from '../domain/geometry';
import type { PrescriptionPlan } from '../domain/prescription';

/** DDI 0006, Setpoint Mass Per Area Application Rate, in mg/m²: 1 kg/ha = 100 mg/m². */
export const DDI_SETPOINT_MASS_PER_AREA = '0006';
export const MG_PER_M2_PER_KG_PER_HA = 100;

const multi = (g: Area): GeoJSON.MultiPolygon =>
  g.type === 'MultiPolygon' ? g : { type: 'MultiPolygon', coordinates: [g.coordinates] };

/**
 * TASKDATA/TASKDATA.XML (version 4) zipped: a product, the field as a partfield with its boundary,
 * and a planned task on it with a treatment zone per rate (its sectors' polygons and the rate as a
 * setpoint of DDI 0006 with a kg/ha value presentation); outside the field, position lost and
 * anywhere no zone covers, the rate is 0.
 */
export async function isoxmlTaskData(plan: PrescriptionPlan): Promise<Uint8Array> {
  const m = new ISOXMLManager({ fmisTitle: 'Gleba', fmisVersion: '1.0' });
  const kgPerHa = m.createEntityFromAttributes(TAGS.ValuePresentation, {
    Offset: 0,
    Scale: 1 / MG_PER_M2_PER_KG_PER_HA,
    NumberOfDecimals: 0,
    UnitDesignator: 'kg/ha',
  }) as ValuePresentation;
  const vpn = m.registerEntity(kgPerHa);
  const product = m.createEntityFromAttributes(TAGS.Product, {
    ProductDesignator: plan.product.name.slice(0, 32),
    ProductType: ProductProductTypeEnum.SingleDefault,
  }) as Product;
  const pdt = m.registerEntity(product);
  const partfield = m.createEntityFromAttributes(TAGS.Partfield, {
    PartfieldDesignator: plan.fieldName.slice(0, 32),
    PartfieldArea: 0,
  }) as ExtendedPartfield;
  partfield.boundaryFromGeoJSON(multi(plan.boundary) as never, m);
  const pfd = m.registerEntity(partfield);

  const pdv = (rateKgPerHa: number) =>
    m.createEntityFromAttributes(TAGS.ProcessDataVariable, {
      ProcessDataDDI: DDI_SETPOINT_MASS_PER_AREA,
      ProcessDataValue: Math.round(rateKgPerHa * MG_PER_M2_PER_KG_PER_HA),
      ProductIdRef: pdt,
      ValuePresentationIdRef: vpn,
    }) as ProcessDataVariable;
  const zones: TreatmentZone[] = [
    m.createEntityFromAttributes(TAGS.TreatmentZone, {
      TreatmentZoneCode: 0,
      TreatmentZoneDesignator: '0 kg/ha',
      ProcessDataVariable: [pdv(0)],
    }) as TreatmentZone,
    ...plan.byRate.map(
      (r, i) =>
        m.createEntityFromAttributes(TAGS.TreatmentZone, {
          TreatmentZoneCode: i + 1,
          TreatmentZoneDesignator: `${r.rateKgPerHa} kg/ha`,
          PolygonTreatmentZoneonly: r.zones.flatMap((z) =>
            ExtendedPolygon.fromGeoJSON(multi(z.geometry) as never, PolygonPolygonTypeEnum.TreatmentZone, m),
          ),
          ProcessDataVariable: [pdv(r.rateKgPerHa)],
        }) as TreatmentZone,
    ),
  ];
  const task = m.createEntityFromAttributes(TAGS.Task, {
    TaskDesignator: `${plan.fieldName} - ${plan.product.name}`.slice(0, 32),
    TaskStatus: TaskTaskStatusEnum.Planned,
    PartfieldIdRef: pfd,
    DefaultTreatmentZoneCode: 0,
    PositionLostTreatmentZoneCode: 0,
    OutOfFieldTreatmentZoneCode: 0,
    TreatmentZone: zones,
  }) as ExtendedTask;
  m.registerEntity(task);
  m.rootElement.attributes.ValuePresentation = [kgPerHa];
  m.rootElement.attributes.Product = [product];
  m.rootElement.attributes.Partfield = [partfield];
  m.rootElement.attributes.Task = [task];
  return m.saveISOXML();
}

/** The sectors as GeoJSON features with the rate and the product (WGS84, RFC 7946). */
export function prescriptionGeoJson(plan: PrescriptionPlan): GeoJSON.FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: plan.zones.map((z) => ({
      type: 'Feature',
      properties: {
        sectorId: z.sectorId,
        sector: z.name,
        field: plan.fieldName,
        product: plan.product.name,
        productId: plan.product.id,
        rateKgPerHa: z.rateKgPerHa,
        areaHa: z.areaHa,
        amountKg: Math.round(z.rateKgPerHa * z.areaHa * 10) / 10,
      },
      geometry: z.geometry,
    })),
  };
}

/**
 * A zipped ESRI Shapefile (.shp .shx .dbf .prj, WGS84): one polygon record per sector with `RATE`
 * (kg/ha), `SECTOR`, `AREA_HA` and `PRODUCT`. Every shape is written as a multipolygon (one layer)
 * with its outer rings clockwise, as the format wants.
 */
export async function shapefileZip(plan: PrescriptionPlan): Promise<Buffer> {
  const collection: GeoJSON.FeatureCollection = {
    type: 'FeatureCollection',
    features: plan.zones.map((z) => ({
      type: 'Feature',
      properties: {
        RATE: z.rateKgPerHa,
        SECTOR: z.name.slice(0, 50),
        AREA_HA: z.areaHa,
        PRODUCT: plan.product.id,
      },
      geometry: turf.rewind(multi(z.geometry), { reverse: true }) as GeoJSON.MultiPolygon,
    })),
  };
  const zip = (await shpwrite.zip(collection, {
    folder: undefined,
    types: { polygon: 'prescription' },
    compression: 'DEFLATE',
    outputType: 'nodebuffer',
  })) as unknown as Buffer;
  return zip;
}
