import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring off (decision 0063): left on, V8 may judge the objects exceljs
 * makes for every cell long-lived and allocate them straight into the old generation, where they
 * die at once and need a full collection each time; a workbook read then costs far more CPU,
 * depending on the run. Node takes this flag on its command line but not in NODE_OPTIONS, so
 * the service sets it itself, first thing (imported before anything else in main.ts).
 */
setFlagsFromString('--no-allocation-site-pretenuring');
