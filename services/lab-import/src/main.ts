import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { labImportService } from './service';

await runMain(labImportService, ZConfig);
