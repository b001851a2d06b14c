import { useId, useState, type FormEvent } from 'react';
import {
  COMPLAINT_TEXT_MAX_LENGTH,
  ComplaintReason,
  PHOTO_MAX_BYTES,
  type TComplaint,
} from '@gleba/contracts';
import { FormError, SelectField, TextField, toast } from '@gleba/ui';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { PHOTO_TYPES } from '../../../lib/test-form-rules';
import { fileComplaint, useComplaints } from '../api/complaints';

const dateOf = (lang: string, iso: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : lang === 'uk' ? 'uk-UA' : 'pl-PL', {
    dateStyle: 'long',
    timeZone: 'Europe/Warsaw',
  }).format(new Date(iso));

function ComplaintItem({ c }: { c: TComplaint }) {
  const tr = useT();
  const lang = useLang();
  return (
    <li className="complaint" data-testid="complaint">
      <p>
        <strong>{tr(`customerTests.complaintReason_${c.reason}`)}</strong> ({dateOf(lang, c.createdAt)}) —{' '}
        {tr(`customerTests.complaintStatus_${c.status}`)}
      </p>
      <p>{c.text}</p>
      {c.hasPhoto && <p className="muted">{tr('customerTests.complaintPhotoAttached')}</p>}
      {c.answer && (
        <p>
          {tr('customerTests.complaintAnswer')}: {c.answer}
        </p>
      )}
    </li>
  );
}

/**
 * A sample's complaints (a garden test, or one sample of a farm order): the button within 14 days of the results (afterwards a line saying
 * why it is gone), the form (reason, text, optional photo) and the complaints filed so far.
 */
export function ComplaintsSection({ testId }: { testId: string }) {
  const tr = useT();
  const lang = useLang();
  const textId = useId();
  const { data, mutate } = useComplaints(testId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!data) return null; // not loaded yet (or not the customer's)

  async function submit(e: FormEvent) {
    e.preventDefault();
    const next: Record<string, string> = {};
    const parsedReason = ComplaintReason.safeParse(reason);
    if (!parsedReason.success) next.reason = tr('customerTests.complaintReasonRequired');
    if (!text.trim()) next.text = tr('customerTests.complaintTextRequired');
    if (photo && !PHOTO_TYPES.includes(photo.type)) next.photo = tr('customerTests.photoNotImage');
    if (photo && photo.size > PHOTO_MAX_BYTES)
      next.photo = tr('customerTests.photoTooLarge', { mb: PHOTO_MAX_BYTES / 1048576 });
    setErrors(next);
    if (Object.keys(next).length || !parsedReason.success) return;
    setBusy(true);
    setServerError(null);
    try {
      await fileComplaint(testId, { reason: parsedReason.data, text: text.trim(), photo });
      toast.success(tr('customerTests.complaintFiled'));
      setOpen(false);
      setReason('');
      setText('');
      setPhoto(null);
      await mutate();
    } catch (error) {
      setServerError(describeError(lang, error));
    } finally {
      setBusy(false);
    }
  }

  const w = data.window;
  return (
    <section aria-label={tr('customerTests.complaints')} className="complaints">
      <h2>{tr('customerTests.complaints')}</h2>
      {w.open && !open && (
        <>
          <p className="muted">{tr('customerTests.complaintUntil', { date: dateOf(lang, w.until!) })}</p>
          <button type="button" className="gl-button gl-button--secondary" onClick={() => setOpen(true)}>
            {tr('customerTests.fileComplaint')}
          </button>
        </>
      )}
      {!w.open && (
        <p className="muted" data-testid="complaint-closed">
          {w.closedReason === 'EXPIRED'
            ? tr('customerTests.complaintExpired', { date: dateOf(lang, w.until!) })
            : w.closedReason === 'PENDING'
              ? tr('customerTests.complaintPending')
              : tr('customerTests.complaintNoResults')}
        </p>
      )}
      {w.open && open && (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <SelectField
            label={tr('customerTests.complaintReason')}
            value={reason}
            placeholder={tr('customerTests.complaintChooseReason')}
            options={ComplaintReason.options.map((r) => ({
              value: r,
              label: tr(`customerTests.complaintReason_${r}`),
            }))}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
          <div className={`gl-field${errors.text ? ' gl-field--invalid' : ''}`}>
            <label className="gl-field__label" htmlFor={textId}>
              {tr('customerTests.complaintText')}
            </label>
            <textarea
              id={textId}
              className="gl-field__input"
              rows={4}
              maxLength={COMPLAINT_TEXT_MAX_LENGTH}
              value={text}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? `${textId}-error` : undefined}
              onChange={(e) => setText(e.target.value)}
            />
            {errors.text && (
              <p id={`${textId}-error`} className="gl-field__error">
                {errors.text}
              </p>
            )}
          </div>
          <TextField
            label={tr('customerTests.complaintPhoto')}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
            error={errors.photo}
          />
          <FormError>{serverError}</FormError>
          <div className="results-actions">
            <button type="submit" className="gl-button" disabled={busy}>
              {tr('customerTests.sendComplaint')}
            </button>
            <button type="button" className="gl-button gl-button--secondary" onClick={() => setOpen(false)}>
              {tr('customerTests.complaintCancel')}
            </button>
          </div>
        </form>
      )}
      {data.items.length > 0 && (
        <ul className="complaints__list">
          {data.items.map((c) => (
            <ComplaintItem key={c.id} c={c} />
          ))}
        </ul>
      )}
    </section>
  );
}
