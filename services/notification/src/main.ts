import { runMain } from '@gleba/platform';
import { ZConfig } from './config';
import { DELIVERY_WORKER_ARG, runDeliveryWorker } from './jobs/delivery-runner';
import { notificationService } from './service';

if (process.argv.includes(DELIVERY_WORKER_ARG)) {
  await runDeliveryWorker();
} else {
  // Run as a process of its own, the service sends e-mail and SMS from a child process unless told otherwise.
  process.env.DELIVERY_WORKER ??= 'process';
  await runMain(notificationService, ZConfig);
}
