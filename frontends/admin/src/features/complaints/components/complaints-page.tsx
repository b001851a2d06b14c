import { useId, useState } from 'react';
import { ComplaintStatus, type TComplaint } from '@gleba/contracts';
import { CheckboxField, Dialog, FormError, toast } from '@gleba/ui';
import { formatDate, useDescribeError, useLang, useT, type Translate } from '../../../lib/i18n';
import { PagedTable } from '../../../lib/paging';
import { FilterSelect } from '../../../components/list-filters';
import { useModeStore } from '../../../stores/mode-store';
import { answerComplaint, openComplaintPhoto, useComplaints } from '../api/complaints';

/** Which sample: a garden test (its code and garden) or a farm order's sample (number, field, sector). */
function sampleText(tr: Translate, c: TComplaint): string {
  if (c.kind === 'GARDEN') return `${c.barcode} · ${c.fieldName}`;
  const sample = c.sectorName
    ? tr('admin.complaintFarmSample', {
        number: c.sampleNumber ?? '',
        field: c.fieldName,
        sector: c.sectorName,
      })
    : tr('admin.complaintFarmSampleWhole', { number: c.sampleNumber ?? '', field: c.fieldName });
  return `${c.barcode} · ${sample}`;
}

/**
 * Customers' complaints about a sample's results, farm and garden together (filed within 14 days
 * of them): open ones first; the answer dialog may promise a re-test, whose imported results
 * update the test or the farm order.
 */
export function ComplaintsPage() {
  const tr = useT();
  const lang = useLang();
  const describe = useDescribeError();
  const answerId = useId();
  const mode = useModeStore((s) => s.mode);
  const [status, setStatus] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useComplaints(mode, status, page);
  const [answering, setAnswering] = useState<TComplaint | null>(null);
  const [answer, setAnswer] = useState('');
  const [retest, setRetest] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const open = (c: TComplaint) => {
    setAnswering(c);
    setAnswer('');
    setRetest(false);
    setFormError(null);
  };
  async function send() {
    if (!answering) return;
    if (!answer.trim()) {
      setFormError(tr('admin.complaintAnswerRequired'));
      return;
    }
    setBusy(true);
    try {
      await answerComplaint(answering.id, answer.trim(), retest);
      toast.success(tr('admin.complaintAnswered'));
      setAnswering(null);
      await mutate();
    } catch (e) {
      setFormError(describe(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page">
      <h1>{tr('admin.complaintsTitle')}</h1>
      <div className="filters">
        <FilterSelect
          label={tr('admin.status')}
          value={status}
          values={ComplaintStatus.options}
          labelOf={(s) => tr(`admin.complaintStatus${s}`)}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
        />
      </div>
      <PagedTable
        error={error}
        loading={isLoading}
        rows={data?.items}
        rowKey={(c) => c.id}
        columns={[
          { key: 'date', header: tr('admin.date'), cell: (c) => formatDate(lang, c.createdAt) },
          {
            key: 'kind',
            header: tr('admin.complaintKind'),
            cell: (c) => tr(`admin.complaintKind${c.kind}`),
          },
          {
            key: 'code',
            header: tr('admin.complaintTest'),
            cell: (c) => (
              <span data-testid="complaint-sample">
                <strong>{c.orderNumber}</strong>
                <br />
                {sampleText(tr, c)}
              </span>
            ),
          },
          {
            key: 'reason',
            header: tr('admin.reason'),
            cell: (c) => tr(`admin.complaintReason${c.reason}`),
          },
          { key: 'text', header: tr('admin.complaintText'), cell: (c) => c.text },
          {
            key: 'status',
            header: tr('admin.status'),
            cell: (c) => tr(`admin.complaintStatus${c.status}`),
          },
          {
            key: 'actions',
            header: tr('admin.complaintAnswerColumn'),
            cell: (c) =>
              c.status === 'OPEN' ? (
                <button type="button" className="gl-button gl-button--secondary" onClick={() => open(c)}>
                  {tr('admin.complaintAnswer')}
                </button>
              ) : (
                (c.answer ?? '—')
              ),
          },
        ]}
        meta={data?.meta}
        onPage={setPage}
      />
      <Dialog
        open={answering !== null}
        title={
          !answering
            ? ''
            : answering.kind === 'FARM'
              ? tr('admin.complaintAnswerTitleFarm', {
                  code: answering.barcode,
                  order: answering.orderNumber,
                })
              : tr('admin.complaintAnswerTitle', { code: answering.barcode })
        }
        onClose={() => setAnswering(null)}
        actions={
          <>
            <button type="button" className="gl-button" disabled={busy} onClick={() => void send()}>
              {tr('admin.complaintSend')}
            </button>
            <button
              type="button"
              className="gl-button gl-button--secondary"
              onClick={() => setAnswering(null)}
            >
              {tr('admin.cancel')}
            </button>
          </>
        }
      >
        {answering && (
          <>
            <p>
              {answering.orderNumber} · {sampleText(tr, answering)}
            </p>
            <p>
              <strong>{tr(`admin.complaintReason${answering.reason}`)}</strong>: {answering.text}
            </p>
            {answering.hasPhoto && (
              <p>
                <button
                  type="button"
                  className="gl-button gl-button--secondary"
                  onClick={() =>
                    void openComplaintPhoto(mode, answering.id).catch((e) => toast.error(describe(e)))
                  }
                >
                  {tr('admin.complaintPhoto')}
                </button>
              </p>
            )}
            <div className="gl-field">
              <label className="gl-field__label" htmlFor={answerId}>
                {tr('admin.complaintAnswerLabel')}
              </label>
              <textarea
                id={answerId}
                className="gl-field__input"
                rows={4}
                value={answer}
                onChange={(e) => setAnswer(e.target.value)}
              />
            </div>
            <CheckboxField
              label={tr('admin.complaintRetest')}
              checked={retest}
              onChange={(e) => setRetest(e.target.checked)}
            />
            <FormError>{formError}</FormError>
          </>
        )}
      </Dialog>
    </section>
  );
}
