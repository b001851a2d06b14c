import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { FormError, TextField } from '@gleba/ui';
import { BARCODE_MAX_LENGTH, BARCODE_MIN_LENGTH } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';
import { SoilTestsTable } from './soil-tests-table';

export function SoilTestsPage() {
  const tr = useT();
  return (
    <section className="page">
      <p>
        <Link to="/soil-tests/add" className="gl-button">
          {tr('customer.addTest')}
        </Link>
      </p>
      <SoilTestsTable />
    </section>
  );
}

/** Spec sections 5 and 9: a test code has 12 to 16 characters. */
export function isBarcodeValid(code: string): boolean {
  const length = code.trim().length;
  return length >= BARCODE_MIN_LENGTH && length <= BARCODE_MAX_LENGTH;
}

/** /soil-tests/add: the code is checked here; the add-test call (orders service) is not wired yet. */
export function AddSoilTestPage() {
  const tr = useT();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [accepted, setAccepted] = useState(false);
  function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!isBarcodeValid(code)) return setError(tr('customer.barcodeIncorrect'));
    setError(undefined);
    setAccepted(true);
  }
  return (
    <section className="page page--narrow">
      <p>{tr('customer.addTestIntro')}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextField
          label={tr('customer.barcode')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          hint={tr('customer.barcodeHint', { min: BARCODE_MIN_LENGTH, max: BARCODE_MAX_LENGTH })}
          error={error}
          autoComplete="off"
        />
        <button type="submit" className="gl-button">
          {tr('customer.continue')}
        </button>
      </form>
      {accepted && <FormError>{tr('customer.comingSoon')}</FormError>}
    </section>
  );
}

export function EditSoilTestPage() {
  const tr = useT();
  const { id } = useParams();
  return (
    <section className="page" data-test-id={id}>
      <p>{tr('customer.comingSoon')}</p>
    </section>
  );
}

/** /soil-tests/{id}/results (menu hidden): results, chart and explanations come with the lab results API. */
export function SoilTestResultsPage() {
  const tr = useT();
  const { id } = useParams();
  return (
    <section className="page" data-test-id={id}>
      <p>{tr('customer.comingSoon')}</p>
    </section>
  );
}
