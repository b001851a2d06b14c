/**
 * Simulators of the external providers (DPD, Przelewy24, ULDK, OIDC, Twilio, SMTP capture,
 * Open-Meteo, WordPress). Each speaks the provider's wire format, keeps state in memory, and is
 * started by tests in-process and by `npm start` as the default endpoint. Each lives in its own
 * folder and exports `start<Name>Simulator({ port }) -> { url, close(), ... }`.
 */
export type { SimulatorHandle } from './simulator';
export {
  startPrzelewy24Simulator,
  type Przelewy24SimulatorHandle,
  type Przelewy24SimulatorOptions,
} from './przelewy24';
export { startUldkSimulator, simulatedCadastre, type UldkSimulatorHandle, type UldkFailure } from './uldk';
export { VOIVODESHIP_BBOX } from './uldk/geography';
export {
  startTwilioSimulator,
  type TwilioSimulatorHandle,
  type TwilioSimulatorOptions,
  type SimulatedSms,
  type TwilioFailure,
} from './twilio';
export { startMailSimulator, type MailSimulatorHandle, type MailSimulatorOptions } from './mail';
export {
  startDpdSimulator,
  type DpdSimulatorHandle,
  type DpdSimulatorOptions,
  type DpdTrackingEvent,
  type DpdScriptedFailure,
} from './dpd';
export { startOidcSimulator, type OidcSimulatorHandle, type OidcSimUser } from './oidc';
export {
  startOpenMeteoSimulator,
  forecastFor,
  simulatedDay,
  type OpenMeteoSimulatorHandle,
  type OpenMeteoFailure,
} from './open-meteo';
export {
  startWordPressSimulator,
  type WordPressSimulatorHandle,
  type WordPressSimulatorOptions,
  type WordPressPage,
} from './wordpress';
