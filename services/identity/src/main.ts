import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { identityService } from './service';

await runMain(identityService, ZConfig);
