import { common } from './messages/common';
import { mergeMessages } from './catalogue';
import { errorsCommon } from './messages/errors-common';
import { agronomy } from './messages/agronomy';
import { ui } from './messages/ui';
import { landing } from './messages/landing';

/**
 * Every namespace, by the prefix used in keys (`t(lang, 'common.save')`).
 * Each domain owns its own file in `messages/`; add one line here per namespace.
 */
export const namespaces = {
  common,
  /** Every error `code` a service can answer, translated: one file per domain, merged here. */
  errors: mergeMessages(errorsCommon),
  agronomy,
  ui,
  landing,
};
