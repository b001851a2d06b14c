import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { FormError, SelectField, TextField, toast } from '@gleba/ui';
import {
  Gender,
  ServiceRole,
  Voivodeship,
  ZProfileBody,
  type TProfile,
  type TProfileBody,
} from '@gleba/contracts';
import { fieldMessage, useLang, useT } from '../../../lib/i18n';
import { fieldErrors } from '../../../lib/zod-errors';
import { EMPTY_ADDRESS_FIELDS, type AddressFields } from '../../../lib/address-fields';
import { profileKey, saveProfile } from '../../../lib/api/account';
import { CompanyFields, GenderField } from '../../../lib/components/person-fields';

interface ProfileForm {
  serviceRole: ServiceRole;
  firstName: string;
  lastName: string;
  genderType: string;
  phoneNumber: string;
  personalTaxNumber: string;
  companyName: string;
  businessTaxNumber: string;
  address: AddressFields;
}

function fromProfile(
  p: TProfile | null | undefined,
  fallback: { firstName: string; lastName: string; phoneNumber: string; genderType: string },
): ProfileForm {
  const address = p?.personalData?.address ?? p?.businessData?.address;
  return {
    serviceRole: p?.serviceRole ?? 'PERSONAL',
    firstName: p?.personalData?.firstName ?? fallback.firstName,
    lastName: p?.personalData?.lastName ?? fallback.lastName,
    genderType: p?.personalData?.genderType ?? fallback.genderType,
    phoneNumber: p?.personalData?.phoneNumber ?? fallback.phoneNumber,
    personalTaxNumber: p?.personalData?.taxNumber ?? '',
    companyName: p?.businessData?.companyName ?? '',
    businessTaxNumber: p?.businessData?.taxNumber ?? '',
    address: address ? { ...address, apartmentNumber: address.apartmentNumber ?? '' } : EMPTY_ADDRESS_FIELDS,
  };
}

/** The profile body of the form: personal data always, business data for a company; letters go to the main address. */
export function toProfileBody(f: ProfileForm): TProfileBody {
  const address = {
    ...f.address,
    voivodeship: f.address.voivodeship as Voivodeship,
    apartmentNumber: f.address.apartmentNumber.trim() || null,
  };
  const business = f.serviceRole === 'BUSINESS';
  return {
    serviceRole: f.serviceRole,
    personalData: {
      firstName: f.firstName,
      lastName: f.lastName,
      genderType: f.genderType as Gender,
      phoneNumber: f.phoneNumber,
      taxNumber: f.personalTaxNumber.trim() || null,
      address,
    },
    businessData: business ? { companyName: f.companyName, taxNumber: f.businessTaxNumber, address } : null,
    correspondenceAddress: { addressSource: business ? 'BUSINESS_DATA' : 'PERSONAL_DATA', address: null },
  };
}

/** Field names of the form for the schema's issue paths. */
function formErrors(issues: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(issues)) {
    const key = path
      .replace(/^(personalData|businessData)\.address\./, 'address.')
      .replace(/^personalData\.taxNumber$/, 'personalTaxNumber')
      .replace(/^businessData\.taxNumber$/, 'businessTaxNumber')
      .replace(/^(personalData|businessData)\./, '');
    out[key] ??= message;
  }
  return out;
}

export function ProfileForm({
  profile,
  fallback,
  onSaved,
}: {
  profile: TProfile | null | undefined;
  fallback: Parameters<typeof fromProfile>[1];
  /** After a successful save (the account page goes back to where the user came from). */
  onSaved?: () => void | Promise<void>;
}) {
  const tr = useT();
  const lang = useLang();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<ProfileForm>(() => fromProfile(profile, fallback));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Refill when a new profile arrives (after loading or saving), not on every render of the fallback.
  const fallbackRef = useRef(fallback);
  fallbackRef.current = fallback;
  useEffect(() => setForm(fromProfile(profile, fallbackRef.current)), [profile]);

  const set = (key: keyof Omit<ProfileForm, 'address'>) => (value: string) =>
    setForm((f) => ({ ...f, [key]: value }));
  const setAddress = (key: keyof AddressFields) => (value: string) =>
    setForm((f) => ({ ...f, address: { ...f.address, [key]: value } }));
  const err = (key: string) => (errors[key] ? fieldMessage(lang, errors[key]) : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const body = toProfileBody(form);
    const parsed = ZProfileBody.safeParse(body);
    if (!parsed.success) {
      setErrors(formErrors(fieldErrors(parsed.error, body)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await saveProfile(body);
      await mutate(profileKey, saved, { revalidate: false });
      toast.success(tr('customer.profileSaved'));
      await onSaved?.();
    } catch {
      toast.error(tr('customer.profileSaveFailed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="profile-form">
      <SelectField
        label={tr('customer.serviceRole')}
        value={form.serviceRole}
        onChange={(e) => set('serviceRole')(e.target.value)}
        options={ServiceRole.options.map((r) => ({
          value: r,
          label: tr(r === 'PERSONAL' ? 'customer.rolePersonal' : 'customer.roleBusiness'),
        }))}
      />
      <div className="form-grid">
        <TextField
          label={tr('customer.firstName')}
          value={form.firstName}
          onChange={(e) => set('firstName')(e.target.value)}
          error={err('firstName')}
        />
        <TextField
          label={tr('customer.lastName')}
          value={form.lastName}
          onChange={(e) => set('lastName')(e.target.value)}
          error={err('lastName')}
        />
        <GenderField
          value={form.genderType}
          onChange={set('genderType')}
          error={errors.genderType ? tr('errors.fieldRequired') : undefined}
        />
        <TextField
          label={tr('customer.phoneNumber')}
          type="tel"
          value={form.phoneNumber}
          onChange={(e) => set('phoneNumber')(e.target.value)}
          error={err('phoneNumber')}
        />
        {form.serviceRole === 'PERSONAL' ? (
          <TextField
            label={tr('customer.taxNumberOptional')}
            value={form.personalTaxNumber}
            onChange={(e) => set('personalTaxNumber')(e.target.value)}
            error={err('personalTaxNumber')}
          />
        ) : (
          <CompanyFields
            companyName={form.companyName}
            taxNumber={form.businessTaxNumber}
            onCompanyName={set('companyName')}
            onTaxNumber={set('businessTaxNumber')}
            errors={{ companyName: err('companyName'), taxNumber: err('businessTaxNumber') }}
          />
        )}
      </div>
      <h4>{tr('customer.address')}</h4>
      <div className="form-grid">
        <SelectField
          label={tr('customer.voivodeship')}
          placeholder={tr('customer.choose')}
          value={form.address.voivodeship}
          onChange={(e) => setAddress('voivodeship')(e.target.value)}
          options={Voivodeship.options.map((v) => ({ value: v, label: tr(`customer.voivodeship_${v}`) }))}
          error={errors['address.voivodeship'] ? tr('errors.fieldRequired') : undefined}
        />
        <TextField
          label={tr('customer.cityName')}
          value={form.address.cityName}
          onChange={(e) => setAddress('cityName')(e.target.value)}
          error={err('address.cityName')}
        />
        <TextField
          label={tr('customer.postCode')}
          placeholder="00-000"
          value={form.address.postCode}
          onChange={(e) => setAddress('postCode')(e.target.value)}
          error={err('address.postCode')}
        />
        <TextField
          label={tr('customer.streetName')}
          value={form.address.streetName}
          onChange={(e) => setAddress('streetName')(e.target.value)}
          error={err('address.streetName')}
        />
        <TextField
          label={tr('customer.buildingNumber')}
          value={form.address.buildingNumber}
          onChange={(e) => setAddress('buildingNumber')(e.target.value)}
          error={err('address.buildingNumber')}
        />
        <TextField
          label={tr('customer.apartmentNumber')}
          value={form.address.apartmentNumber}
          onChange={(e) => setAddress('apartmentNumber')(e.target.value)}
          error={err('address.apartmentNumber')}
        />
      </div>
      {errors.personalData && <FormError>{fieldMessage(lang, errors.personalData)}</FormError>}
      <button type="submit" className="gl-button" disabled={busy}>
        {tr('customer.saveData')}
      </button>
    </form>
  );
}
