// Types of system.mjs (see run-system.d.mts).
import type { SystemLayout } from './lib/run-system.mjs';
export const GATEWAY_PORT: number;
export const MAIL_WEB_PORT: number;
export const SERVICES: { name: string; port: number }[];
export const SIMULATORS: { name: string; port: number }[];
export function infraUrls(): { postgres: string; rabbitmq: string; redis: string };
export function systemLayout(options?: { name?: string; offset?: number }): SystemLayout;
export function commonEnv(layout?: SystemLayout): Record<string, string>;
export function databaseUrl(serviceName: string, layout?: SystemLayout): string;
export function serviceEnv(
  svc: { name: string; port: number },
  layout?: SystemLayout,
): Record<string, string>;
