// Types of run-system.mjs for the TypeScript suites that start a system (tests/e2e, tests/faults, bench).
export interface SystemLayout {
  name: string;
  offset: number;
  gatewayPort: number;
  services: { name: string; port: number }[];
  simulators: { name: string; port: number }[];
  mailWebPort: number;
  publicUrl: string;
}
export interface SystemUrls {
  gateway: string;
  public: string;
  mailWeb: string;
  services: Record<string, string>;
  simulators: Record<string, string>;
}
export interface RunningSystem {
  layout: SystemLayout;
  logsDir: string;
  urls: SystemUrls;
  names(): string[];
  url(name: string): string | undefined;
  simulators(): string[];
  env(name: string): Record<string, string> | undefined;
  pid(name: string): number | undefined;
  kill(name: string, signal?: NodeJS.Signals): Promise<void>;
  start(name: string): Promise<void>;
  restart(name: string, signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}
export interface StartSystemOptions {
  layout?: SystemLayout;
  logsDir?: string;
  fresh?: boolean;
  seed?: boolean;
  /** Seed the demo lab week after the services' seeds (default: `npm start`'s layout only). */
  demoWeek?: boolean;
  env?: Record<string, string>;
  replicas?: Record<string, number>;
  say?: (line: string) => void;
  onError?: (name: string, line: string) => void;
}
export const ROOT: string;
export function startSystem(options?: StartSystemOptions): Promise<RunningSystem>;
/** Seeds the demo lab week into a running system of `layout` (scripts/lib/demo-week.mjs). */
export function runDemoWeek(
  layout: SystemLayout,
  extraEnv?: Record<string, string>,
  log?: (line: string) => void,
): Promise<DemoWeek>;
export interface DemoWeek {
  created: boolean;
  farmStatuses?: string[];
  gardenStatuses?: string[];
  parcels?: string[];
  historyField?: string;
  /** The crop whose field page shows the three seasons. */
  historyCropId?: string;
  /** The divided field with two seasons per sector (the variable-rate map). */
  prescriptionCropId?: string;
  seasons?: number[];
  waitingForResults?: string[];
}
export function portAnswers(host: string, port: number, timeoutMs?: number): Promise<boolean>;
export function waitForPort(host: string, port: number, seconds: number): Promise<boolean>;
export function availableSimulators(): Set<string>;
export function ephemeralPortRange(): { low: number; high: number } | null;
export function layoutPorts(layout: SystemLayout, replicas?: Record<string, number>): number[];
