import { SelectField, TextField } from '@gleba/ui';
import { Gender } from '@gleba/contracts';
import { useT } from '../i18n';

/** A person's gender: a select that stays empty ("choose") until picked. */
export function GenderField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const tr = useT();
  return (
    <SelectField
      label={tr('customer.gender')}
      placeholder={tr('customer.choose')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={Gender.options.map((g) => ({
        value: g,
        label: tr(g === 'WOMAN' ? 'customer.genderWoman' : 'customer.genderMan'),
      }))}
      error={error}
    />
  );
}

/** A company's name and its tax number (NIP). */
export function CompanyFields({
  companyName,
  taxNumber,
  onCompanyName,
  onTaxNumber,
  errors,
  autoComplete,
}: {
  companyName: string;
  taxNumber: string;
  onCompanyName: (value: string) => void;
  onTaxNumber: (value: string) => void;
  errors: { companyName: string | undefined; taxNumber: string | undefined };
  /** The company name's autocomplete hint, where the browser may fill it in. */
  autoComplete?: string;
}) {
  const tr = useT();
  return (
    <>
      <TextField
        label={tr('customer.companyName')}
        autoComplete={autoComplete}
        value={companyName}
        onChange={(e) => onCompanyName(e.target.value)}
        error={errors.companyName}
      />
      <TextField
        label={tr('customer.taxNumber')}
        value={taxNumber}
        onChange={(e) => onTaxNumber(e.target.value)}
        error={errors.taxNumber}
      />
    </>
  );
}
