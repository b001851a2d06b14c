import { describeServiceHealth } from '@gleba/testkit';
import { geoService } from '../src/service';

describeServiceHealth(geoService);
