import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormError, TextField, toast } from '@gleba/ui';
import { isApiError } from '@gleba/api-client';
import { BARCODE_MAX_LENGTH, BARCODE_MIN_LENGTH, OrdersErrorCode, type TGardenTest } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { SampleDetailsView } from './sample-details-view';
import { ConfirmedActionButton } from '../../../lib/components/confirmed-action-button';
import { useCurrentUser } from '../../../lib/current-user';
import { enqueueTest } from '../../../lib/offline/offline-queue';
import { isOfflineError } from '../../../lib/offline/offline';
import {
  addSoilTest,
  cancelSoilTest,
  confirmShipment,
  updateSoilTest,
  uploadPhoto,
  useSoilTest,
  verifyBarcode,
} from '../../../lib/api/soil-tests';
import { isBarcodeValid, parseArea, parseLocation, type SampleForm } from '../../../lib/test-form-rules';
import { BarcodeScanner } from './barcode-scanner';
import { SampleDetailsForm, emptySample } from './sample-details-form';
import { SoilTestsTable } from './soil-tests-table';
import { hasResults, isEditable, isShippable } from '../../../lib/test-status';

export { isBarcodeValid };

export function SoilTestsPage() {
  const tr = useT();
  return (
    <section className="page">
      <p>
        <Link to="/soil-tests/add" className="gl-button">
          {tr('customerTests.addTest')}
        </Link>
      </p>
      <SoilTestsTable />
    </section>
  );
}

/** Step one of adding a test: the kit's code, scanned or typed, checked here (length) and by the service. */
export function BarcodeStep({ onAccepted }: { onAccepted: (code: string) => void }) {
  const tr = useT();
  const lang = useLang();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [scanning, setScanning] = useState(false);
  const [busy, setBusy] = useState(false);
  async function check(value: string) {
    const barcode = value.trim();
    if (!isBarcodeValid(barcode)) return setError(tr('customerTests.testCodeIncorrect'));
    setError(undefined);
    setBusy(true);
    try {
      await verifyBarcode(barcode);
      onAccepted(barcode);
    } catch (e) {
      // Offline: the code is checked by the server when the queued test is sent (features/pwa).
      if (isOfflineError(e)) return onAccepted(barcode);
      setError(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void check(code);
  }
  return (
    <>
      <p>{tr('customerTests.addIntro')}</p>
      {scanning ? (
        <>
          <BarcodeScanner
            onCode={(scanned) => {
              setScanning(false);
              setCode(scanned);
              void check(scanned);
            }}
            onError={() => {
              setScanning(false);
              setError(tr('customerTests.scanUnavailable'));
            }}
          />
          <button type="button" className="gl-button gl-button--secondary" onClick={() => setScanning(false)}>
            {tr('customerTests.stopScan')}
          </button>
        </>
      ) : (
        <p>
          <button type="button" className="gl-button gl-button--secondary" onClick={() => setScanning(true)}>
            {tr('customerTests.scan')}
          </button>
        </p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={tr('customerTests.barcode')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={tr('customerTests.barcodeHint', { min: BARCODE_MIN_LENGTH, max: BARCODE_MAX_LENGTH })}
          error={error}
          autoComplete="off"
        />
        <button type="submit" className="gl-button" disabled={busy}>
          {tr('customerTests.continue')}
        </button>
      </form>
    </>
  );
}

function toBody(form: SampleForm) {
  return {
    gardenName: form.gardenName.trim(),
    plantId: form.plantId,
    gardenAreaAres: parseArea(form.area),
    location: parseLocation(form),
    punctures: Number(form.punctures),
  };
}

/** A coordinate as the form shows it: the language's decimal separator (the form reads both). */
function degreesText(lang: string, value: number | undefined): string {
  if (value === undefined) return '';
  return lang === 'en' ? String(value) : String(value).replace('.', ',');
}

async function savePhoto(id: string, form: SampleForm, failed: () => void) {
  if (!form.photo) return;
  try {
    await uploadPhoto(id, form.photo);
  } catch {
    failed();
  }
}

/** /soil-tests/add: the code, then the sample's details; the new test opens on its edit page (confirm shipment there). */
export function AddSoilTestPage() {
  const tr = useT();
  const { data: user } = useCurrentUser();
  const lang = useLang();
  const navigate = useNavigate();
  const [barcode, setBarcode] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  async function submit(form: SampleForm) {
    if (!barcode) return;
    setBusy(true);
    setError(undefined);
    try {
      const test = await addSoilTest({ barcode, ...toBody(form) });
      await savePhoto(test.id, form, () => toast.warning(tr('customerTests.photoUploadFailed')));
      toast.success(tr('customerTests.testAdded'));
      navigate(`/soil-tests/edit/${encodeURIComponent(test.id)}`);
    } catch (e) {
      if (isOfflineError(e)) {
        enqueueTest({ barcode, ...toBody(form) }, user?.id ?? '');
        toast.info(tr('pwa.queued', { barcode }));
        navigate('/soil-tests');
        return;
      }
      if (
        isApiError(e) &&
        (e.code === OrdersErrorCode.testCodeIncorrect || e.code === OrdersErrorCode.scanCannotBeVerified)
      )
        setBarcode(undefined);
      setError(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="page page--narrow">
      {error && <FormError>{error}</FormError>}
      {!barcode ? (
        <BarcodeStep onAccepted={setBarcode} />
      ) : (
        <>
          <p>
            {tr('customerTests.barcode')}: <strong>{barcode}</strong>
          </p>
          <SampleDetailsForm
            initial={emptySample()}
            submitLabel={tr('customerTests.save')}
            busy={busy}
            onSubmit={(f) => void submit(f)}
          >
            <button
              type="button"
              className="gl-button gl-button--secondary"
              onClick={() => setBarcode(undefined)}
            >
              {tr('customerTests.back')}
            </button>
          </SampleDetailsForm>
        </>
      )}
    </section>
  );
}

export function OrderNotFound() {
  const tr = useT();
  return (
    <section className="page page--narrow" role="alert">
      <h2>{tr('customerTests.orderNotFoundTitle')}</h2>
      <p>{tr('customerTests.orderNotFoundText')}</p>
      <Link to="/soil-tests" className="gl-button">
        {tr('customerTests.backToTests')}
      </Link>
    </section>
  );
}

export const isOrderNotFound = (e: unknown) =>
  isApiError(e) && (e.code === OrdersErrorCode.orderNotFoundForTestId || e.status === 404);

/** Spec section 5: confirming shipment is irreversible, so it asks first. */
export function ConfirmShipmentButton({
  testId,
  onConfirmed,
}: {
  testId: string;
  onConfirmed: (test: TGardenTest) => void;
}) {
  const tr = useT();
  return (
    <ConfirmedActionButton
      label={tr('customerTests.confirmShipment')}
      title={tr('customerTests.confirmShipmentTitle')}
      confirmLabel={tr('customerTests.confirmShipmentYes')}
      action={async () => {
        const test = await confirmShipment(testId);
        toast.success(tr('customerTests.shipmentConfirmed'));
        onConfirmed(test);
      }}
    >
      <p role="alert">{tr('customerTests.confirmShipmentWarning')}</p>
    </ConfirmedActionButton>
  );
}

function CancelTestButton({ testId }: { testId: string }) {
  const tr = useT();
  const navigate = useNavigate();
  return (
    <ConfirmedActionButton
      label={tr('customerTests.cancelTest')}
      secondary
      danger
      title={tr('customerTests.cancelTestTitle')}
      action={async () => {
        await cancelSoilTest(testId);
        toast.success(tr('customerTests.testCancelled'));
        navigate('/soil-tests');
      }}
    >
      <p>{tr('customerTests.cancelTestText')}</p>
    </ConfirmedActionButton>
  );
}

/** /soil-tests/edit/{id}: edit before confirmation, confirm shipment, cancel; afterwards the details only. */
export function EditSoilTestPage() {
  const tr = useT();
  const lang = useLang();
  const { id = '' } = useParams();
  const { data, error, mutate } = useSoilTest(id);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();
  if (error)
    return isOrderNotFound(error) ? <OrderNotFound /> : <FormError>{describeError(lang, error)}</FormError>;
  if (!data) return <p className="muted">{tr('customerTests.loading')}</p>;
  async function save(form: SampleForm) {
    setBusy(true);
    setFormError(undefined);
    try {
      const test = await updateSoilTest(id, toBody(form));
      await savePhoto(id, form, () => toast.warning(tr('customerTests.photoUploadFailed')));
      await mutate(test, { revalidate: false });
      toast.success(tr('customerTests.saved'));
    } catch (e) {
      setFormError(describeError(lang, e));
    } finally {
      setBusy(false);
    }
  }
  const editable = isEditable(data.status);
  return (
    <section className="page">
      <SampleDetailsView test={data} />
      {formError && <FormError>{formError}</FormError>}
      {editable ? (
        <>
          <SampleDetailsForm
            key={data.id}
            initial={{
              gardenName: data.gardenName,
              plantId: data.plantId,
              area: data.gardenAreaAres === null ? '' : String(data.gardenAreaAres),
              punctures: String(data.punctures),
              photo: null,
              lat: degreesText(lang, data.location?.lat),
              lon: degreesText(lang, data.location?.lon),
            }}
            submitLabel={tr('customerTests.save')}
            busy={busy}
            onSubmit={(f) => void save(f)}
          />
          <p className="row-actions">
            <ConfirmShipmentButton
              testId={data.id}
              onConfirmed={(test) => void mutate(test, { revalidate: true })}
            />
            <CancelTestButton testId={data.id} />
          </p>
        </>
      ) : (
        <p className="muted">{tr('customerTests.notEditable')}</p>
      )}
      <p className="row-actions">
        {isShippable(data.status) && (
          <Link className="gl-button" to={`/soil-tests/${encodeURIComponent(data.id)}/send`}>
            {tr('customerTests.sendSamples')}
          </Link>
        )}
        {hasResults(data.status) && (
          <Link
            className="gl-button gl-button--secondary"
            to={`/soil-tests/${encodeURIComponent(data.id)}/results`}
          >
            {tr('customerTests.showResults')}
          </Link>
        )}
      </p>
    </section>
  );
}
