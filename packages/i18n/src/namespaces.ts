import { common } from './messages/common';
import { mergeMessages } from './catalogue';
import { errorsCommon } from './messages/errors-common';
import { errorsIdentity } from './messages/errors-identity';
import { errorsShipping } from './messages/errors-shipping';
import { errorsGeo } from './messages/errors-geo';
import { agronomy } from './messages/agronomy';
import { errorsNotification } from './messages/errors-notification';
import { notifications } from './messages/notifications';
import { errorsOrders } from './messages/errors-orders';
import { errorsLabImport } from './messages/errors-lab-import';
import { labResults } from './messages/lab-results';
import { ui } from './messages/ui';
import { customer } from './messages/customer';
import { customerTests } from './messages/customer-tests';
import { landing } from './messages/landing';
import { admin } from './messages/admin';
import { farmMap } from './messages/farm-map';
import { farmOrder } from './messages/farm-order';
import { onboarding } from './messages/onboarding';
import { weather } from './messages/weather';
import { guide } from './messages/guide';
import { pwa } from './messages/pwa';
import { prescription } from './messages/prescription';
import { sampling } from './messages/sampling';

/**
 * Every namespace, by the prefix used in keys (`t(lang, 'common.save')`).
 * Each domain owns its own file in `messages/`; add one line here per namespace.
 */
export const namespaces = {
  common,
  /** Every error `code` a service can answer, translated: one file per domain, merged here. */
  errors: mergeMessages(
    errorsCommon,
    errorsGeo,
    errorsShipping,
    errorsLabImport,
    errorsOrders,
    errorsIdentity,
    errorsNotification,
  ),
  agronomy,
  notifications,
  labResults,
  ui,
  customer,
  customerTests,
  landing,
  admin,
  farmMap,
  farmOrder,
  onboarding,
  weather,
  guide,
  pwa,
  prescription,
  sampling,
};
