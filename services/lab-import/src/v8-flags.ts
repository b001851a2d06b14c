import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring off (decision 0063): left on, V8 may judge the objects exceljs
 * makes for every cell long-lived and allocate them straight into the old generation, where they
 * die at once and need a full collection each time; a workbook read then costs far more CPU,
 * depending on the run. Node takes this flag on its command line but not in NODE_OPTIONS, so
 * the service sets it itself, first thing (imported before anything else in main.ts).
 */
setFlagsFromString('--no-allocation-site-pretenuring');

/**
 * The old generation may grow by 75% of what survived the last full collection before the next one
 * (decision 0064). With the heap capped under 256 MB (--max-old-space-size=192) V8 allows only
 * about 30%, and an import, which promotes the batches it holds while a write is in flight, then
 * pays a full collection every few hundred rows. V8 reads this flag each time it sets the next
 * limit, so setting it here, after start, holds.
 */
setFlagsFromString('--heap-growing-percent=75');
