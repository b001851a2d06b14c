import { ResultsImportedV1 } from '@gleba/contracts';
import { on, type EventHandler } from '@gleba/platform';
import type { Database } from '../db/database';
import type { NoticeWriter } from '../app/notify';
import { resultsImportedNotice } from '../domain/rules';

export function labHandlers(notices: NoticeWriter): EventHandler<Database>[] {
  return [
    on<Database, typeof ResultsImportedV1>(ResultsImportedV1, async (trx, d, env) => {
      const notice = resultsImportedNotice(d, env.id);
      if (notice) notices.add(trx, notice);
    }),
  ];
}
