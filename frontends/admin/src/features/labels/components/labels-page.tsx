import { useState, type FormEvent } from 'react';
import { CheckboxField, TextField, toast } from '@gleba/ui';
import { formatDate, useDescribeError, useLang, useT } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { saveBlob } from '../../../lib/files';
import { useModeStore } from '../../../stores/mode-store';
import { batchSheetPdf, createBatch, markBatchPaid, useBarcodeBatches } from '../api/barcode-labels';
import { KitOrders } from './kit-orders';

/** Barcode label sheets for garden kits: generate a batch, print its A4 sheet, mark retail batches paid. */
export function LabelsPage() {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const mode = useModeStore((s) => s.mode);
  const [page, setPage] = useState(1);
  const [count, setCount] = useState('24');
  const [retail, setRetail] = useState(true);
  const [busy, setBusy] = useState(false);
  const { data, isLoading, mutate } = useBarcodeBatches(mode, page);
  const n = Number(count);
  const countError = Number.isInteger(n) && n >= 1 && n <= 500 ? undefined : '1–500';

  async function generate(e: FormEvent) {
    e.preventDefault();
    if (countError) return;
    setBusy(true);
    try {
      const batch = await createBatch(n, retail);
      toast.success(tr('admin.batchCreated', { count: batch.labelCount }));
      await mutate();
    } catch (err) {
      toast.error(describe(err));
    } finally {
      setBusy(false);
    }
  }

  async function sheet(id: string, print: boolean) {
    try {
      const { blob, fileName } = await batchSheetPdf(id);
      saveBlob(blob, fileName.endsWith('.pdf') ? fileName : `gleba-labels-${id}.pdf`, print);
      await mutate();
    } catch (err) {
      toast.error(describe(err));
    }
  }

  async function paid(id: string) {
    try {
      await markBatchPaid(id);
      toast.success(tr('admin.batchMarkedPaid'));
      await mutate();
    } catch (err) {
      toast.error(describe(err));
    }
  }

  return (
    <section className="page">
      <h1>{tr('admin.labelsTitle')}</h1>
      <form className="filters card" onSubmit={generate}>
        <TextField
          label={tr('admin.batchCount')}
          type="number"
          min={1}
          max={500}
          value={count}
          onChange={(e) => setCount(e.target.value)}
          error={count && countError ? countError : undefined}
        />
        <CheckboxField
          label={tr('admin.retail')}
          checked={retail}
          onChange={(e) => setRetail(e.target.checked)}
        />
        <button type="submit" className="gl-button" disabled={busy || !!countError}>
          {tr('admin.generate')}
        </button>
      </form>
      <h2>{tr('admin.batches')}</h2>
      <PagedTable
        loading={isLoading}
        rows={data?.items}
        rowKey={(b) => b.id}
        columns={[
          { key: 'date', header: tr('admin.createdAt'), cell: (b) => formatDate(lang, b.createdAt) },
          { key: 'count', header: tr('admin.count'), cell: (b) => b.labelCount },
          {
            key: 'retail',
            header: tr('admin.retail'),
            cell: (b) => tr(b.retail ? 'admin.yes' : 'admin.no'),
          },
          {
            key: 'printed',
            header: tr('admin.printed'),
            cell: (b) => (b.printedAt ? formatDate(lang, b.printedAt) : tr('admin.no')),
          },
          {
            key: 'paid',
            header: tr('admin.paid'),
            cell: (b) =>
              b.paid ? (b.paidAt ? formatDate(lang, b.paidAt) : tr('admin.yes')) : tr('admin.no'),
          },
          {
            key: 'actions',
            header: '',
            cell: (b) => (
              <span className="row-actions">
                <button type="button" className="gl-button" onClick={() => void sheet(b.id, true)}>
                  {tr('admin.print')}
                </button>
                <button
                  type="button"
                  className="gl-button gl-button--secondary"
                  onClick={() => void sheet(b.id, false)}
                >
                  {tr('admin.download')}
                </button>
                {!b.paid && (
                  <button
                    type="button"
                    className="gl-button gl-button--secondary"
                    onClick={() => void paid(b.id)}
                  >
                    {tr('admin.markPaid')}
                  </button>
                )}
              </span>
            ),
          },
        ]}
        meta={data?.meta}
        onPage={setPage}
      />
      <KitOrders />
    </section>
  );
}
