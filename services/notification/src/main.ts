import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { notificationService } from './service';

await runMain(notificationService, ZConfig);
