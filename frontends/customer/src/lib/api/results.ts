import useSWR from 'swr';
import { api } from '../api-client';
import { useLanguageStore } from '../../stores/language-store';

/** An amount of the agronomy recommendation; the garden fields come when the area is in ares. */
export interface Amount {
  kgPerHa?: number;
  totalKg?: number;
  tonnesPerHa?: number;
  totalTonnes?: number;
  kgPer100m2?: number;
  gPerM2?: number;
}

export interface NutrientDose {
  nutrient: string;
  soilClass: string;
  dose: Amount;
  products: { product: string; percent: number; amount: Amount }[];
}

export interface RecommendationView {
  cropId: string;
  area: { value: number; unit: 'a' | 'ha'; hectares: number };
  classes: { ph: string; p2o5: string | null; k2o: string; mg: string };
  liming: {
    need: string;
    noTable: boolean;
    /** t CaO/ha now (the recommendation as `@gleba/agronomy` gives it). */
    caoTonnesPerHa?: number;
    products: { product: string; caoEquivalentPercent: number; now: Amount; later: Amount }[];
  };
  fertilizer: { p2o5: NutrientDose | null; k2o: NutrientDose; mgo: NutrientDose };
  notesText?: string | string[];
  labels: {
    crop: string;
    limingNeed: string;
    classes: { ph: string; p2o5: string | null; k2o: string; mg: string };
    limeProducts: Record<string, string>;
    fertilizerProducts: Record<string, string>;
  };
}

export interface ResultElementView {
  key: string;
  name: string;
  symbol: string;
  unit: string;
  value: number | null;
  valueDescripted: string | null;
  class: string | null;
  classLabel: string | null;
}

export interface TestResultView {
  testType: string;
  testTypeLabel: string;
  agronomicCategory: { value: string; label: string } | null;
  elements: ResultElementView[];
  recommendation: RecommendationView | null;
  recommendationError: string | null;
}

/** `GET /api/results/tests/{testId}` (lab-import `sampleResultsView`). */
export interface SampleResultsView {
  testId: string;
  code: string;
  /** The farm order or the garden test the sample belongs to. */
  orderId: string;
  orderNumber: string;
  kind: 'FARM' | 'GARDEN';
  /** The field (geo crop) of a farm sample; null for a garden. */
  cropId: string | null;
  fieldName: string;
  plantName: string | null;
  area: { value: number | null; unit: 'a' | 'ha' };
  cancelled: boolean;
  status: 'IN_LAB' | 'PARTIAL_RESULTS' | 'READY_TO_DOWNLOAD';
  statusLabel: string;
  results: TestResultView[];
}

export const resultsKey = (testId: string) => `results/tests/${encodeURIComponent(testId)}`;

/** `GET /api/results/orders/{orderId}`: every sample of a farm order (one per sector). */
export interface OrderResultsView {
  orderId: string;
  orderNumber: string;
  status: SampleResultsView['status'];
  samples: SampleResultsView[];
}

export const orderResultsKey = (orderId: string) => `results/orders/${encodeURIComponent(orderId)}`;

/** A farm order's samples; `null` asks nothing (used when the id was not a test's). */
export function useOrderResults(orderId: string | null) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<OrderResultsView>(orderId ? [orderResultsKey(orderId), lang] : null, ([key]: [string]) =>
    api.get<OrderResultsView>(key),
  );
}

export function useTestResults(testId: string | undefined) {
  const lang = useLanguageStore((s) => s.lang);
  return useSWR<SampleResultsView>(testId ? [resultsKey(testId), lang] : null, ([key]: [string]) =>
    api.get<SampleResultsView>(key),
  );
}

/** Downloads a PDF of the API (the client reads JSON only): bearer token and language as the client sends them. */
export async function downloadPdf(path: string, fileName: string): Promise<void> {
  const headers: Record<string, string> = {
    accept: 'application/pdf',
    'x-gleba-lang': useLanguageStore.getState().lang,
  };
  const token = api.tokens.accessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`/api/${path}`, { headers });
  if (!res.ok) throw new Error(`download failed: ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
