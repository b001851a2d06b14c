// First: the V8 flags apply to what every later module allocates.
import './v8-flags';
import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { labImportService } from './service';

await runMain(labImportService, ZConfig);
