import { describeServiceHealth } from '@gleba/testkit';
import { shippingService } from '../src/service';

describeServiceHealth(shippingService);
