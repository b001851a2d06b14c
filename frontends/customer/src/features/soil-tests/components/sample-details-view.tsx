import type { TGardenTest } from '@gleba/contracts';
import { useLang, useT } from '../../../lib/i18n';
import { formatDate } from '../../../lib/test-status';
import { usePlants } from '../../../lib/api/soil-tests';
import '../../../lib/styles/results.css';
import { DetailsList } from '../../../lib/components/details-list';

/** The sample's details: one column on phones, two from 880 px (spec section 2, wide layout). */
export function SampleDetailsView({ test }: { test: TGardenTest }) {
  const tr = useT();
  const lang = useLang();
  const plants = usePlants();
  const plant = plants.data?.find((p) => p.id === test.plantId)?.name ?? test.plantId;
  const rows: [string, string][] = [
    [tr('customerTests.gardenName'), test.gardenName],
    [tr('customerTests.code'), test.barcode],
    [tr('customerTests.orderNumber'), test.orderNumber],
    [tr('customerTests.colStatus'), tr(`customerTests.status_${test.status}`)],
    [tr('customerTests.plantName'), plant],
    [tr('customerTests.areaValue'), test.gardenAreaAres === null ? '—' : `${test.gardenAreaAres} a`],
    [tr('customerTests.punctures'), String(test.punctures)],
    [tr('customerTests.colDate'), formatDate(lang, test.orderDate)],
  ];
  return (
    <section aria-label={tr('customerTests.sampleInfo')}>
      <h2>{tr('customerTests.sampleInfo')}</h2>
      <DetailsList rows={rows} />
    </section>
  );
}
