import { describeServiceHealth } from '@gleba/testkit';
import { identityService } from '../src/service';

describeServiceHealth(identityService);
