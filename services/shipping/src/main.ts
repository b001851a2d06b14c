import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { shippingService } from './service';

await runMain(shippingService, ZConfig);
