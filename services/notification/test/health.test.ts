import { describeServiceHealth } from '@gleba/testkit';
import { notificationService } from '../src/service';

describeServiceHealth(notificationService);
