export { startOidcSimulator, type OidcSimulatorHandle, type OidcSimUser } from './oidc.simulator';
