import { formatNumber } from '@gleba/i18n';
import type {
  Equipment,
  Language,
  LabTestType,
  OrderType,
  PaymentMethod,
  TCreateOrderBody,
  TCrop,
  TDeliveryAddress,
  TQuoteBody,
} from '@gleba/contracts';
import { EMPTY_ADDRESS_FIELDS, type AddressFields } from '../../../lib/address-fields';

/** The wizard's steps, in order (spec section 2: crops, basic or express, equipment, data, address, summary). */
export const STEPS = ['crops', 'test', 'equipment', 'data', 'address', 'summary'] as const;
export type Step = (typeof STEPS)[number];

export const STEP_MESSAGE: Record<Step, string> = {
  crops: 'farmOrder.stepCrops',
  test: 'farmOrder.stepTest',
  equipment: 'farmOrder.stepEquipment',
  data: 'farmOrder.stepData',
  address: 'farmOrder.stepAddress',
  summary: 'farmOrder.stepSummary',
};

export interface AddressForm extends AddressFields {
  recipient: string;
}

export interface WizardState {
  step: Step;
  /** Chosen crops: the ids of their chosen sectors (empty for an undivided crop). */
  crops: Record<string, string[]>;
  type: OrderType;
  additionalTests: LabTestType[];
  equipment: Equipment[];
  confirmed: boolean;
  addressMode: 'profile' | 'other';
  address: AddressForm;
  paymentMethod: PaymentMethod;
}

export const EMPTY_ADDRESS: AddressForm = { recipient: '', ...EMPTY_ADDRESS_FIELDS };

export function initialWizard(): WizardState {
  return {
    step: 'crops',
    crops: {},
    type: 'STANDARD',
    additionalTests: [],
    equipment: ['SAMPLE_BAGS'],
    confirmed: false,
    addressMode: 'profile',
    address: { ...EMPTY_ADDRESS },
    paymentMethod: 'ONLINE_BANK_TRANSFER',
  };
}

/**
 * The wizard survives a trip to the account page (spec: incomplete data sends the user there and
 * back) and a reload: it is kept in the tab's session storage until the order is placed.
 */
export const WIZARD_STORAGE_KEY = 'gleba.farmOrder.wizard';
/** The order whose online payment was started: the page Przelewy24 returns to reads it. */
export const PENDING_PAYMENT_KEY = 'gleba.farmOrder.pendingPayment';

export function loadWizard(storage: Storage = sessionStorage): WizardState {
  try {
    const raw = storage.getItem(WIZARD_STORAGE_KEY);
    if (!raw) return initialWizard();
    const saved = JSON.parse(raw) as Partial<WizardState>;
    const base = initialWizard();
    const state = { ...base, ...saved, address: { ...base.address, ...(saved.address ?? {}) } };
    return STEPS.includes(state.step) ? state : base;
  } catch {
    return initialWizard();
  }
}

export function saveWizard(state: WizardState, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(WIZARD_STORAGE_KEY, JSON.stringify(state));
  } catch {
    // storage full or disabled: the wizard still works, it is only not kept
  }
}

export function clearWizard(storage: Storage = sessionStorage): void {
  storage.removeItem(WIZARD_STORAGE_KEY);
}

/** Ticks a crop on (with all its sectors) or off. */
export function toggleCrop(state: WizardState, crop: TCrop): WizardState {
  const crops = { ...state.crops };
  if (crop.id in crops) delete crops[crop.id];
  else crops[crop.id] = crop.divided ? crop.sectors.map((s) => s.id) : [];
  return { ...state, crops };
}

export function toggleSector(state: WizardState, cropId: string, sectorId: string): WizardState {
  return { ...state, crops: { ...state.crops, [cropId]: toggled(state.crops[cropId] ?? [], sectorId) } };
}

/** The list with `item` added, or without it when it was there (a ticked or unticked box). */
export function toggled<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}

/** Drops crops and sectors that no longer exist (the wizard may be restored after the map changed). */
export function pruneSelection(state: WizardState, crops: readonly TCrop[]): WizardState {
  const byId = new Map(crops.map((c) => [c.id, c]));
  const next: Record<string, string[]> = {};
  let changed = false;
  for (const [id, sectors] of Object.entries(state.crops)) {
    const crop = byId.get(id);
    if (!crop) {
      changed = true;
      continue;
    }
    const valid = crop.divided ? sectors.filter((s) => crop.sectors.some((x) => x.id === s)) : [];
    if (valid.length !== sectors.length) changed = true;
    next[id] = valid;
  }
  return changed ? { ...state, crops: next } : state;
}

export function sampleCount(state: WizardState, crops: readonly TCrop[]): number {
  return crops.reduce(
    (n, c) => (c.id in state.crops ? n + (c.divided ? (state.crops[c.id]?.length ?? 0) : 1) : n),
    0,
  );
}

/** Spec 5 and the orders service's rule: Egner-Riehm and the universal method are alternatives. */
export function testCombinationError(tests: readonly LabTestType[]): boolean {
  return tests.includes('EGNER') && tests.includes('UNIVERSAL_METHOD');
}

const POST_CODE = /^\d{2}-\d{3}$/;

/** The delivery address form checked like `ZDeliveryAddress`; messages are keys of `farmOrder`/`customer`. */
export function addressErrors(a: AddressForm): Partial<Record<keyof AddressForm, string>> {
  const errors: Partial<Record<keyof AddressForm, string>> = {};
  const len = (key: keyof AddressForm, min: number, max: number, optional = false) => {
    const v = a[key].trim();
    if (!v) {
      if (!optional) errors[key] = 'customer.fieldRequired';
    } else if (v.length < min) errors[key] = 'farmOrder.errTooShort';
    else if (v.length > max) errors[key] = 'farmOrder.errTooLong';
  };
  len('recipient', 2, 120, true);
  len('cityName', 2, 80);
  if (!a.postCode.trim()) errors.postCode = 'customer.fieldRequired';
  else if (!POST_CODE.test(a.postCode.trim())) errors.postCode = 'farmOrder.errPostCode';
  len('streetName', 1, 120);
  len('buildingNumber', 1, 10);
  len('apartmentNumber', 1, 10, true);
  return errors;
}

export function deliveryAddress(a: AddressForm): TDeliveryAddress {
  const opt = (v: string) => (v.trim() ? v.trim() : undefined);
  return {
    recipient: opt(a.recipient),
    voivodeship: (opt(a.voivodeship) as TDeliveryAddress['voivodeship']) ?? null,
    cityName: a.cityName.trim(),
    postCode: a.postCode.trim(),
    streetName: a.streetName.trim(),
    buildingNumber: a.buildingNumber.trim(),
    apartmentNumber: opt(a.apartmentNumber) ?? null,
  };
}

export interface StepContext {
  crops: readonly TCrop[];
  /** The profile is complete (identity's `isDataComplete`). */
  dataComplete: boolean;
  /** The profile has an address the kit can go to. */
  hasProfileAddress: boolean;
}

export type StepProblem = { key: string; params?: Record<string, string | number> } | null;

/** Why the user cannot leave a step yet (null: they can). */
export function stepProblem(step: Step, s: WizardState, ctx: StepContext): StepProblem {
  switch (step) {
    case 'crops': {
      const chosen = ctx.crops.filter((c) => c.id in s.crops);
      if (chosen.length === 0) return { key: 'farmOrder.errNoCrop' };
      const empty = chosen.find((c) => c.divided && (s.crops[c.id]?.length ?? 0) === 0);
      return empty ? { key: 'farmOrder.errNoSector', params: { name: empty.name } } : null;
    }
    case 'test':
      return testCombinationError(s.additionalTests) ? { key: 'farmOrder.errTestCombination' } : null;
    case 'equipment':
      return null;
    case 'data':
      if (!ctx.dataComplete) return { key: 'errors.incompleteUserData' };
      return s.confirmed ? null : { key: 'farmOrder.errConfirmData' };
    case 'address':
      if (s.addressMode === 'profile')
        return ctx.hasProfileAddress ? null : { key: 'farmOrder.errNoProfileAddress' };
      return Object.keys(addressErrors(s.address)).length ? { key: 'customer.fieldRequired' } : null;
    case 'summary':
      return null;
  }
}

export function quoteBody(s: WizardState, crops: readonly TCrop[]): TQuoteBody {
  return {
    type: s.type,
    crops: crops
      .filter((c) => c.id in s.crops)
      .map((c) => (c.divided ? { cropId: c.id, sectorIds: s.crops[c.id]! } : { cropId: c.id })),
    additionalTests: s.additionalTests,
    equipment: s.equipment,
  };
}

export function orderBody(s: WizardState, crops: readonly TCrop[]): TCreateOrderBody {
  return {
    ...quoteBody(s, crops),
    paymentMethod: s.paymentMethod,
    ...(s.addressMode === 'other' ? { deliveryAddress: deliveryAddress(s.address) } : {}),
    confirmUserData: true,
  };
}

const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

/** Grosze as the landing page shows them: "30 zł" in Polish, "PLN 30.00" style in English and Ukrainian. */
export function formatPrice(grosze: number, lang: Language): string {
  const whole = grosze % 100 === 0;
  return new Intl.NumberFormat(LOCALE[lang], {
    style: 'currency',
    currency: 'PLN',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(grosze / 100);
}

/** True when a crop's name only repeats its plant's (`Pszenica ozima` of `Pszenica ozima`). */
export function sameName(name: string, plantName: string | null | undefined): boolean {
  return !plantName || name.trim().toLocaleLowerCase() === plantName.trim().toLocaleLowerCase();
}

/** Hectares without the unit, as `@gleba/i18n` writes every area (`3,62` in pl and uk). */
export function formatArea(ha: number, lang: Language): string {
  return formatNumber(lang, ha, 2);
}

export function addressLine(
  a:
    | {
        cityName: string;
        postCode: string;
        streetName: string;
        buildingNumber: string;
        apartmentNumber?: string | null | undefined;
      }
    | null
    | undefined,
): string {
  if (!a) return '';
  const number = a.apartmentNumber ? `${a.buildingNumber}/${a.apartmentNumber}` : a.buildingNumber;
  return `${a.streetName} ${number}, ${a.postCode} ${a.cityName}`;
}
