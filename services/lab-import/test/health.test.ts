import { describeServiceHealth } from '@gleba/testkit';
import { labImportService } from '../src/service';

describeServiceHealth(labImportService);
