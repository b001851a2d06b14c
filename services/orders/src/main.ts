import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { ordersService } from './service';

await runMain(ordersService, ZConfig);
