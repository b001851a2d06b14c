import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { geoService } from './service';

await runMain(geoService, ZConfig);
