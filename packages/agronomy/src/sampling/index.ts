export { samplingPattern, HEADLAND_M, PATTERN_MAX_POINTS } from './pattern';
export type { LngLat, Polygonal, SamplingPattern } from './pattern';
