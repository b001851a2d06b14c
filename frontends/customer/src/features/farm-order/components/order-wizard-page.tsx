import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSWRConfig } from 'swr';
import { CheckboxField, FormError, SelectField, TextField } from '@gleba/ui';
import {
  Equipment,
  LabTestType,
  OrderType,
  PaymentMethod,
  Voivodeship,
  type TCrop,
  type TPriceList,
  type TQuote,
} from '@gleba/contracts';
import { useLang, useT, type Translate } from '../../../lib/i18n';
import { currentUserKey, useCurrentUser } from '../../../lib/current-user';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';
import { profileKey, useProfile } from '../../../lib/api/account';
import { browser, fetchQuote, placeOrder, useCrops, usePrices } from '../../../lib/api/farm-order';
import { isIncompleteData, orderErrorMessage } from '../rules/errors';
import {
  PENDING_PAYMENT_KEY,
  STEPS,
  STEP_MESSAGE,
  addressErrors,
  addressLine,
  clearWizard,
  formatArea,
  formatPrice,
  loadWizard,
  orderBody,
  pruneSelection,
  quoteBody,
  sampleCount,
  sameName,
  saveWizard,
  stepProblem,
  toggleCrop,
  toggleSector,
  toggled,
  type AddressForm,
  type StepProblem,
  type WizardState,
} from '../rules/wizard';
import '../../../lib/styles/farm-order.css';

type SetState = (patch: Partial<WizardState> | ((s: WizardState) => WizardState)) => void;

/** What every step gets: the wizard's state, its setter and the translator. */
interface StepProps {
  state: WizardState;
  set: SetState;
  tr: Translate;
}

function Choice({
  type = 'radio',
  name,
  checked,
  onChange,
  children,
}: {
  type?: 'radio' | 'checkbox';
  name: string;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label className={`wizard-option${checked ? ' wizard-option--selected' : ''}`}>
      <input type={type} name={name} checked={checked} onChange={onChange} />
      <span>{children}</span>
    </label>
  );
}

/** Spec section 6: ordering tests needs a computer; below 768 px a notice replaces the wizard. */
export function OrderDesktopOnlyNotice() {
  const tr = useT();
  return (
    <section className="page page--narrow farm-order__notice" role="status">
      <h2>{tr('farmOrder.titleNewOrder')}</h2>
      <p>{tr('farmOrder.desktopOnly')}</p>
      <Link to="/soil-tests" className="gl-button">
        {tr('farmOrder.toTests')}
      </Link>
    </section>
  );
}

function CropsStep({ state, set, crops, tr }: StepProps & { crops: TCrop[] }) {
  const lang = useLang();
  if (crops.length === 0) {
    return (
      <div>
        <p>{tr('farmOrder.noCrops')}</p>
        <Link to="/map" className="gl-button">
          {tr('farmOrder.goToMap')}
        </Link>
      </div>
    );
  }
  return (
    <fieldset className="farm-order__fieldset">
      <legend>{tr('farmOrder.chooseCrops')}</legend>
      <p className="muted">{tr('farmOrder.cropsHint')}</p>
      {crops.map((c) => {
        const chosen = c.id in state.crops;
        return (
          <div key={c.id} className="farm-order__crop">
            <Choice
              type="checkbox"
              name="crop"
              checked={chosen}
              onChange={() => set((s) => toggleCrop(s, c))}
            >
              {/* A crop named after its plant is not named twice. */}
              {tr(sameName(c.name, c.plantName) ? 'farmOrder.cropLabelPlain' : 'farmOrder.cropLabel', {
                name: c.name,
                plant: c.plantName,
                area: formatArea(c.areaHa, lang),
              })}
            </Choice>
            {chosen && !c.divided && <p className="muted farm-order__sectors">{tr('farmOrder.wholeCrop')}</p>}
            {chosen && c.divided && (
              <fieldset className="farm-order__sectors">
                <legend>{tr('farmOrder.sectorsOf', { name: c.name })}</legend>
                {c.sectors.map((s) => (
                  <label key={s.id} className="farm-order__sector">
                    <input
                      type="checkbox"
                      checked={state.crops[c.id]?.includes(s.id) ?? false}
                      onChange={() => set((st) => toggleSector(st, c.id, s.id))}
                    />{' '}
                    {tr('farmOrder.sectorLabel', { name: s.name, area: formatArea(s.areaHa, lang) })}
                    {s.locked && <small className="muted"> ({tr('farmOrder.testedBefore')})</small>}
                  </label>
                ))}
              </fieldset>
            )}
          </div>
        );
      })}
      <p>
        <strong>{tr('farmOrder.samplesCount', { count: sampleCount(state, crops) })}</strong>
      </p>
    </fieldset>
  );
}

function TestStep({ state, set, prices, tr }: StepProps & { prices: TPriceList | undefined }) {
  const lang = useLang();
  const price = (grosze: number | undefined) =>
    grosze === undefined ? '' : tr('farmOrder.perSample', { price: formatPrice(grosze, lang) });
  return (
    <>
      <fieldset className="farm-order__fieldset">
        <legend>{tr('farmOrder.chooseType')}</legend>
        <div className="wizard-options">
          {OrderType.options.map((type) => (
            <Choice key={type} name="type" checked={state.type === type} onChange={() => set({ type })}>
              <strong>{tr(`farmOrder.type${type}`)}</strong> · {price(prices?.farm.basicTestPerSample[type])}
              <br />
              <small className="muted">{tr(`farmOrder.type${type}Hint`)}</small>
            </Choice>
          ))}
        </div>
      </fieldset>
      <fieldset className="farm-order__fieldset">
        <legend>{tr('farmOrder.additionalTests')}</legend>
        <div className="wizard-options">
          {LabTestType.options.map((test) => (
            <Choice
              key={test}
              type="checkbox"
              name="additional"
              checked={state.additionalTests.includes(test)}
              onChange={() => set((s) => ({ ...s, additionalTests: toggled(s.additionalTests, test) }))}
            >
              {tr(`labResults.test${test}`)} · {price(prices?.farm.additionalTestPerSample[test])}
            </Choice>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function EquipmentStep({ state, set, prices, tr }: StepProps & { prices: TPriceList | undefined }) {
  const lang = useLang();
  return (
    <fieldset className="farm-order__fieldset">
      <legend>{tr('farmOrder.equipment')}</legend>
      <p className="muted">{tr('farmOrder.equipmentHint')}</p>
      <div className="wizard-options">
        {Equipment.options.map((item) => {
          const cost = prices?.farm.equipment[item];
          return (
            <Choice
              key={item}
              type="checkbox"
              name="equipment"
              checked={state.equipment.includes(item)}
              onChange={() => set((s) => ({ ...s, equipment: toggled(s.equipment, item) }))}
            >
              {tr(`farmOrder.eq${item}`)} ·{' '}
              {cost === undefined ? '' : cost === 0 ? tr('farmOrder.free') : formatPrice(cost, lang)}
            </Choice>
          );
        })}
      </div>
    </fieldset>
  );
}

interface ProfileSummary {
  complete: boolean;
  address: ReturnType<typeof mainAddress>;
}

function mainAddress(profile: ReturnType<typeof useProfile>['data']) {
  if (!profile) return null;
  return (
    (profile.serviceRole === 'BUSINESS' ? profile.businessData?.address : profile.personalData?.address) ??
    null
  );
}

function DataStep({ state, set, summary, tr }: StepProps & { summary: ProfileSummary }) {
  const me = useCurrentUser().data;
  const profile = useProfile().data;
  const personal = profile?.personalData;
  const business = profile?.serviceRole === 'BUSINESS' ? profile.businessData : null;
  const rows: [string, string][] = [
    [
      tr('farmOrder.name'),
      personal
        ? `${personal.firstName} ${personal.lastName}`
        : `${me?.firstName ?? ''} ${me?.lastName ?? ''}`.trim(),
    ],
    [tr('farmOrder.email'), me?.email ?? ''],
    [tr('farmOrder.phone'), personal?.phoneNumber ?? me?.phoneNumber ?? ''],
    ...(business
      ? ([
          [tr('farmOrder.company'), business.companyName],
          [tr('farmOrder.taxNumber'), business.taxNumber ?? ''],
        ] as [string, string][])
      : []),
    [tr('farmOrder.address'), addressLine(summary.address)],
  ];
  return (
    <section className="farm-order__fieldset" aria-label={tr('farmOrder.yourData')}>
      <h3>{tr('farmOrder.yourData')}</h3>
      <dl className="sample-details">
        {rows.map(([label, value]) => (
          <div className="sample-details__row" key={label}>
            <dt>{label}</dt>
            <dd>{value || tr('farmOrder.none')}</dd>
          </div>
        ))}
      </dl>
      {!summary.complete ? (
        <div className="farm-order__warning" role="alert">
          <p>{tr('farmOrder.dataIncomplete')}</p>
          <Link to="/my-account?returnTo=%2Forders%2Fnew" className="gl-button">
            {tr('farmOrder.completeData')}
          </Link>
        </div>
      ) : (
        <>
          <CheckboxField
            label={tr('farmOrder.confirmData')}
            checked={state.confirmed}
            onChange={(e) => set({ confirmed: e.target.checked })}
          />
          <Link to="/my-account?returnTo=%2Forders%2Fnew">{tr('farmOrder.editData')}</Link>
        </>
      )}
    </section>
  );
}

const ADDRESS_FIELDS: { key: keyof AddressForm; label: string; placeholder?: string }[] = [
  { key: 'recipient', label: 'farmOrder.recipient' },
  { key: 'streetName', label: 'customer.streetName' },
  { key: 'buildingNumber', label: 'customer.buildingNumber' },
  { key: 'apartmentNumber', label: 'customer.apartmentNumber' },
  { key: 'postCode', label: 'customer.postCode', placeholder: '00-000' },
  { key: 'cityName', label: 'customer.cityName' },
];

function AddressStep({
  state,
  set,
  summary,
  showErrors,
  tr,
}: StepProps & { summary: ProfileSummary; showErrors: boolean }) {
  const errors = showErrors ? addressErrors(state.address) : {};
  const setField = (key: keyof AddressForm, value: string) =>
    set((s) => ({ ...s, address: { ...s.address, [key]: value } }));
  return (
    <fieldset className="farm-order__fieldset">
      <legend>{tr('farmOrder.deliveryAddress')}</legend>
      <div className="wizard-options">
        {summary.address && (
          <Choice
            name="address"
            checked={state.addressMode === 'profile'}
            onChange={() => set({ addressMode: 'profile' })}
          >
            {tr('farmOrder.useProfileAddress', { address: addressLine(summary.address) })}
          </Choice>
        )}
        <Choice
          name="address"
          checked={state.addressMode === 'other' || !summary.address}
          onChange={() => set({ addressMode: 'other' })}
        >
          {tr('farmOrder.otherAddress')}
        </Choice>
      </div>
      {(state.addressMode === 'other' || !summary.address) && (
        <div className="farm-order__address">
          {ADDRESS_FIELDS.map((f) => (
            <TextField
              key={f.key}
              label={tr(f.label)}
              value={state.address[f.key]}
              placeholder={f.placeholder}
              error={errors[f.key] ? tr(errors[f.key]!) : undefined}
              onChange={(e) => setField(f.key, e.target.value)}
            />
          ))}
          <SelectField
            label={tr('farmOrder.voivodeshipOptional')}
            value={state.address.voivodeship}
            placeholder="—"
            options={Voivodeship.options.map((v) => ({ value: v, label: tr(`customer.voivodeship_${v}`) }))}
            onChange={(e) => setField('voivodeship', e.target.value)}
          />
        </div>
      )}
    </fieldset>
  );
}

function QuoteTable({ quote, tr }: { quote: TQuote; tr: Translate }) {
  const lang = useLang();
  const money = (g: number) => formatPrice(g, lang);
  const lines: [string, string][] = [
    [
      tr('farmOrder.lineBasic', {
        type: tr(`farmOrder.type${quote.type}`),
        count: quote.numberOfSamples,
        price: money(quote.basicTests.pricePerSample),
      }),
      money(quote.basicTestsPrice),
    ],
    ...(quote.basicTestsDiscount > 0
      ? ([
          [
            tr('farmOrder.lineDiscount', { percent: quote.discountPercent }),
            `−${money(quote.basicTestsDiscount)}`,
          ],
        ] as [string, string][])
      : []),
    ...quote.additionalTests.map(
      (a) =>
        [
          tr('farmOrder.lineAdditional', {
            name: tr(`labResults.test${a.type}`),
            count: quote.numberOfSamples,
            price: money(a.pricePerSample),
          }),
          money(a.price),
        ] as [string, string],
    ),
    ...quote.equipment.map(
      (e) =>
        [tr(`farmOrder.eq${e.item}`), e.price === 0 ? tr('farmOrder.free') : money(e.price)] as [
          string,
          string,
        ],
    ),
  ];
  return (
    <>
      <table className="gl-table" aria-label={tr('farmOrder.samplesCount', { count: quote.numberOfSamples })}>
        <thead>
          <tr>
            <th>{tr('farmOrder.colField')}</th>
            <th>{tr('farmOrder.colSector')}</th>
            <th>{tr('farmOrder.colArea')}</th>
          </tr>
        </thead>
        <tbody>
          {quote.samples.map((s, i) => (
            <tr key={`${s.cropId}-${s.sectorId ?? i}`}>
              <td>{s.fieldName}</td>
              <td>{s.sectorName ?? tr('farmOrder.wholeField')}</td>
              <td>{formatArea(s.areaHa, lang)} ha</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="gl-table farm-order__prices" aria-label={tr('farmOrder.summary')}>
        <tbody>
          {lines.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
          <tr className="farm-order__total">
            <th scope="row">{tr('farmOrder.total')}</th>
            <td data-testid="order-total">{money(quote.totalPrice)}</td>
          </tr>
        </tbody>
      </table>
    </>
  );
}

function SummaryStep({
  state,
  set,
  crops,
  summary,
  tr,
}: StepProps & { crops: TCrop[]; summary: ProfileSummary }) {
  const lang = useLang();
  const navigate = useNavigate();
  const [quote, setQuote] = useState<TQuote>();
  const [quoteError, setQuoteError] = useState<string>();
  const [submitError, setSubmitError] = useState<{ text: string; incomplete: boolean }>();
  const [busy, setBusy] = useState<'placing' | 'redirecting'>();
  const body = useMemo(() => JSON.stringify(quoteBody(state, crops)), [state, crops]);

  useEffect(() => {
    let live = true;
    setQuote(undefined);
    setQuoteError(undefined);
    fetchQuote(JSON.parse(body))
      .then((q) => live && setQuote(q))
      .catch(
        (e: unknown) => live && setQuoteError(`${tr('farmOrder.quoteFailed')} ${orderErrorMessage(lang, e)}`),
      );
    return () => {
      live = false;
    };
  }, [body, lang, tr]);

  async function submit() {
    setSubmitError(undefined);
    setBusy('placing');
    try {
      const { order, payment } = await placeOrder(orderBody(state, crops));
      clearWizard();
      if (payment.redirectUrl) {
        sessionStorage.setItem(PENDING_PAYMENT_KEY, order.id);
        setBusy('redirecting');
        browser.assign(payment.redirectUrl);
        return;
      }
      navigate(
        `/orders/${order.id}/payment${payment.error ? `?error=${encodeURIComponent(payment.error)}` : ''}`,
      );
    } catch (e) {
      setBusy(undefined);
      setSubmitError({ text: orderErrorMessage(lang, e), incomplete: isIncompleteData(e) });
    }
  }

  const delivery =
    state.addressMode === 'other' || !summary.address
      ? addressLine({ ...state.address, apartmentNumber: state.address.apartmentNumber || null })
      : addressLine(summary.address);
  return (
    <section aria-label={tr('farmOrder.summary')}>
      <h3>{tr('farmOrder.summary')}</h3>
      {!quote && !quoteError && <p className="muted">{tr('farmOrder.loading')}</p>}
      <FormError>{quoteError}</FormError>
      {quote && <QuoteTable quote={quote} tr={tr} />}
      <p>{tr('farmOrder.deliveryTo', { address: delivery })}</p>
      <fieldset className="farm-order__fieldset">
        <legend>{tr('farmOrder.paymentMethod')}</legend>
        <div className="wizard-options">
          {PaymentMethod.options.map((m) => (
            <Choice
              key={m}
              name="payment"
              checked={state.paymentMethod === m}
              onChange={() => set({ paymentMethod: m })}
            >
              {tr(`farmOrder.pay_${m}`)}
            </Choice>
          ))}
        </div>
      </fieldset>
      {submitError && (
        <div role="alert" className="farm-order__warning">
          <p>{submitError.text}</p>
          {submitError.incomplete && (
            <Link to="/my-account?returnTo=%2Forders%2Fnew" className="gl-button gl-button--secondary">
              {tr('farmOrder.completeData')}
            </Link>
          )}
        </div>
      )}
      {busy && <p role="status">{tr(busy === 'placing' ? 'farmOrder.placing' : 'farmOrder.redirecting')}</p>}
      <button
        type="button"
        className="gl-button"
        disabled={!quote || busy !== undefined}
        onClick={() => void submit()}
      >
        {tr(
          state.paymentMethod === 'ONLINE_BANK_TRANSFER' ? 'farmOrder.orderAndPay' : 'farmOrder.placeOrder',
        )}
      </button>
    </section>
  );
}

/** `/orders/new`: the farm order wizard (spec section 2). */
export function OrderWizardPage() {
  const tr = useT();
  const lang = useLang();
  const crops = useCrops();
  const prices = usePrices();
  const profile = useProfile();
  const me = useCurrentUser();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<WizardState>(loadWizard);
  const [problem, setProblem] = useState<StepProblem>(null);
  const [showErrors, setShowErrors] = useState(false);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(state.step);
  const [announcement, setAnnouncement] = useState('');

  // Back from the account page: read the profile again (swr never refetches on its own here).
  useEffect(() => {
    void mutate(profileKey);
    void mutate(currentUserKey);
  }, [mutate]);

  useEffect(() => saveWizard(state), [state]);

  const cropList = useMemo(() => crops.data ?? [], [crops.data]);
  useEffect(() => {
    if (crops.data) setState((s) => pruneSelection(s, crops.data!));
  }, [crops.data]);

  const set: SetState = (patch) => {
    setProblem(null);
    setState((s) => (typeof patch === 'function' ? patch(s) : { ...s, ...patch }));
  };

  const summary: ProfileSummary = {
    complete:
      profile.data !== undefined
        ? (profile.data?.isDataComplete ?? false)
        : (me.data?.isDataComplete ?? false),
    address: mainAddress(profile.data),
  };
  const index = STEPS.indexOf(state.step);
  const ctx = {
    crops: cropList,
    dataComplete: summary.complete,
    hasProfileAddress: summary.address !== null,
  };

  function next() {
    // Without a profile address the kit can only go to another address.
    const addressMode = summary.address ? state.addressMode : 'other';
    const p = stepProblem(state.step, { ...state, addressMode }, ctx);
    if (state.step === 'address') setShowErrors(true);
    if (p) return setProblem(p);
    setShowErrors(false);
    set((s) => ({ ...s, addressMode, step: STEPS[index + 1]! }));
  }
  function back() {
    setShowErrors(false);
    set({ step: STEPS[Math.max(0, index - 1)]! });
  }

  const stepText = tr('farmOrder.stepOf', {
    n: index + 1,
    total: STEPS.length,
    name: tr(STEP_MESSAGE[state.step]),
  });
  // A new step (Next or Back, not the first render) is announced once in the live region and its
  // heading takes the focus, so keyboard and screen reader users start reading at the new step.
  useEffect(() => {
    if (shownStep.current === state.step) return;
    shownStep.current = state.step;
    setAnnouncement(stepText);
    stepHeading.current?.focus();
  }, [state.step, stepText]);

  const loadError = crops.error
    ? `${tr('farmOrder.cropsLoadFailed')} ${orderErrorMessage(lang, crops.error)}`
    : profile.error
      ? tr('farmOrder.dataLoadFailed')
      : undefined;
  const problemText = problem
    ? problem.key === 'customer.fieldRequired'
      ? tr('customer.fieldRequired')
      : tr(problem.key, problem.params)
    : undefined;

  return (
    <section className="page farm-order">
      <ol className="farm-order__steps">
        {STEPS.map((s, i) => (
          <li
            key={s}
            aria-current={s === state.step ? 'step' : undefined}
            className={i < index ? 'farm-order__step--done' : undefined}
          >
            {tr(STEP_MESSAGE[s])}
          </li>
        ))}
      </ol>
      <h2 className="farm-order__step-title" tabIndex={-1} ref={stepHeading}>
        {stepText}
      </h2>
      <p className="visually-hidden" role="status" aria-live="polite" data-testid="step-announcement">
        {announcement}
      </p>
      <FormError>{loadError}</FormError>
      {!crops.data && !crops.error ? (
        <p className="muted">{tr('farmOrder.loading')}</p>
      ) : (
        <>
          {state.step === 'crops' && <CropsStep state={state} set={set} crops={cropList} tr={tr} />}
          {state.step === 'test' && <TestStep state={state} set={set} prices={prices.data} tr={tr} />}
          {state.step === 'equipment' && (
            <EquipmentStep state={state} set={set} prices={prices.data} tr={tr} />
          )}
          {state.step === 'data' && <DataStep state={state} set={set} summary={summary} tr={tr} />}
          {state.step === 'address' && (
            <AddressStep state={state} set={set} summary={summary} showErrors={showErrors} tr={tr} />
          )}
          {state.step === 'summary' && (
            <SummaryStep state={state} set={set} crops={cropList} summary={summary} tr={tr} />
          )}
        </>
      )}
      <FormError>{problemText}</FormError>
      <div className="results-actions">
        {index > 0 && (
          <button type="button" className="gl-button gl-button--secondary" onClick={back}>
            {tr('farmOrder.back')}
          </button>
        )}
        {state.step !== 'summary' && cropList.length > 0 && (
          <button type="button" className="gl-button" onClick={next}>
            {tr('farmOrder.next')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The route: the notice on a phone, the wizard on a computer. */
export function OrderWizardRoute() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return mobile ? <OrderDesktopOnlyNotice /> : <OrderWizardPage />;
}
