import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useSWRConfig } from 'swr';
import { ImportTestType, type ImportStep } from '@gleba/contracts';
import { FormError, SelectField, Table, toast } from '@gleba/ui';
import { importMessage } from '@gleba/i18n';
import { useDescribeError, useLang, useT } from '../../../lib/i18n';
import { saveBlob } from '../../../lib/files';
import { useModeStore } from '../../../stores/mode-store';
import {
  applyImport,
  downloadTemplate,
  isImportBusy,
  recheckImport,
  uploadImport,
  useImport,
  validateImportFile,
} from '../api/imports';
import { ImportSummary } from './import-summary';

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} kB`;
}

/** Spec 2: choose the test type, the step, drop or pick an .xlsx, upload with progress, then the check's summary. */
export function ImportWizard() {
  const tr = useT();
  const describe = useDescribeError();
  const lang = useLang();
  const mode = useModeStore((s) => s.mode);
  const { mutate } = useSWRConfig();
  const [testType, setTestType] = useState<ImportTestType>('BASIC_TEST');
  const [step, setStep] = useState<ImportStep>('check');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { data: current, mutate: refreshCurrent } = useImport(importId, mode);
  const currentStatus = current?.status;
  // The history below shows the same import: it follows each status the wizard sees.
  useEffect(() => {
    if (currentStatus) void mutate((key) => Array.isArray(key) && key[0] === 'imports');
  }, [currentStatus, mutate]);

  function choose(f: File | undefined) {
    setUploadError(null);
    if (!f) return;
    const problem = validateImportFile(f);
    if (problem) {
      setFile(null);
      setFileError(tr(`admin.${problem}`));
      return;
    }
    setFileError(null);
    setFile(f);
  }

  function onDrop(e: DragEvent) {
    e.preventDefault();
    setDragging(false);
    choose(e.dataTransfer.files[0]);
  }

  async function upload() {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const created = await uploadImport(file, testType, step, setProgress);
      setImportId(created.id);
      void mutate((key) => Array.isArray(key) && key[0] === 'imports');
    } catch (err) {
      setUploadError(describe(err));
      setProgress(null);
      // A refused file is kept in the history.
      void mutate((key) => Array.isArray(key) && key[0] === 'imports');
    }
  }

  async function act(action: (id: string) => Promise<unknown>) {
    if (!importId) return;
    try {
      await action(importId);
      await refreshCurrent();
    } catch (err) {
      toast.error(describe(err));
    }
  }

  async function template() {
    try {
      const { blob, fileName } = await downloadTemplate();
      saveBlob(blob, fileName.endsWith('.xlsx') ? fileName : 'gleba-import-template.xlsx');
    } catch (err) {
      toast.error(describe(err));
    }
  }

  function reset() {
    setFile(null);
    setImportId(null);
    setProgress(null);
    setUploadError(null);
    if (input.current) input.current.value = '';
  }

  const working = progress !== null && !importId;
  return (
    <section className="card wizard" aria-labelledby="wizard-title">
      <h2 id="wizard-title">{tr('admin.importWizard')}</h2>
      <button type="button" className="gl-button gl-button--secondary" onClick={() => void template()}>
        {tr('admin.downloadTemplate')}
      </button>
      {!importId && (
        <>
          <h3>{tr('admin.stepTestType')}</h3>
          <SelectField
            label={tr('admin.testType')}
            value={testType}
            onChange={(e) => setTestType(e.target.value as ImportTestType)}
            options={ImportTestType.options.map((v) => ({ value: v, label: tr(`labResults.test${v}`) }))}
          />
          <h3>{tr('admin.stepMode')}</h3>
          <div role="radiogroup" className="radios">
            {(['check', 'apply'] as const).map((s) => (
              <label key={s}>
                <input
                  type="radio"
                  name="import-step"
                  value={s}
                  checked={step === s}
                  onChange={() => setStep(s)}
                />{' '}
                {tr(s === 'check' ? 'admin.importStepCheck' : 'admin.importStepApply')}
              </label>
            ))}
          </div>
          <h3>{tr('admin.stepFile')}</h3>
          <div
            className={`dropzone${dragging ? ' dropzone--active' : ''}`}
            data-testid="dropzone"
            onDragOver={(e) => {
              e.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
          >
            <span>{tr('admin.dropHere')} </span>
            <label className="gl-button--link">
              {tr('admin.chooseFile')}
              <input
                ref={input}
                type="file"
                className="visually-hidden"
                accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                onChange={(e) => choose(e.target.files?.[0])}
              />
            </label>
            {file && <p>{tr('admin.fileChosen', { name: file.name, size: formatSize(file.size) })}</p>}
          </div>
          <FormError>{fileError ?? uploadError}</FormError>
          <h3>{tr('admin.stepUpload')}</h3>
          {working && (
            <>
              <p>{tr('admin.uploading')}</p>
              <progress max={100} value={progress} aria-label={tr('admin.uploadProgress')} />
            </>
          )}
          <button
            type="button"
            className="gl-button"
            disabled={!file || working}
            onClick={() => void upload()}
          >
            {tr('admin.upload')}
          </button>
        </>
      )}
      {importId && current && (
        <>
          {isImportBusy(current.status) && (
            <>
              <p>
                {tr('admin.processing', { phase: tr(`admin.phase${current.progress.phase ?? 'check'}`) })}
              </p>
              <progress
                max={100}
                value={current.progress.percent}
                aria-label={tr('admin.processingProgress')}
              />
            </>
          )}
          <h3>{tr('admin.stepSummary')}</h3>
          <ImportSummary detail={current} />
          {current.errors.length > 0 && (
            <>
              <h4>{tr('admin.rowErrors')}</h4>
              {current.errorsTotal > current.errors.length && (
                <p>{tr('admin.errorsMore', { shown: current.errors.length, total: current.errorsTotal })}</p>
              )}
              <div className="table-wrap">
                <Table
                  rows={current.errors}
                  rowKey={(e) => `${e.row ?? 'file'}-${e.code}-${e.label ?? ''}-${JSON.stringify(e.params)}`}
                  columns={[
                    { key: 'row', header: tr('admin.row'), cell: (e) => e.row ?? '—' },
                    { key: 'label', header: tr('admin.label'), cell: (e) => e.label ?? '—' },
                    {
                      key: 'reason',
                      header: tr('admin.reason'),
                      cell: (e) => importMessage(lang, e.code, e.params, e.message),
                    },
                  ]}
                />
              </div>
            </>
          )}
          <div className="actions">
            {current.status === 'CHECKED' && (
              <button type="button" className="gl-button" onClick={() => void act(applyImport)}>
                {tr('admin.applyNow')}
              </button>
            )}
            {(current.status === 'FAILED' || current.status === 'CHECKED') && (
              <button
                type="button"
                className="gl-button gl-button--secondary"
                onClick={() => void act(recheckImport)}
              >
                {tr('admin.checkAgain')}
              </button>
            )}
            <button type="button" className="gl-button gl-button--secondary" onClick={reset}>
              {tr('admin.newImport')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
