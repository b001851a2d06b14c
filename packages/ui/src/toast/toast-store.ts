import { useSyncExternalStore } from 'react';

export type ToastVariant = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  id: number;
  variant: ToastVariant;
  message: string;
  /** Optional heading; the variant's heading (spec section 8) when absent. */
  title?: string;
}

/** Spec section 9: a toast stays 4000 ms. */
export const TOAST_DURATION_MS = 4000;

type Listener = () => void;
let current: Toast | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<Listener>();

function set(toast: Toast | null) {
  current = toast;
  for (const l of listeners) l();
}

/** Shows a toast; a newer toast replaces the visible one (only one at a time, spec section 4). */
export function showToast(variant: ToastVariant, message: string, title?: string): number {
  clearTimeout(timer);
  const id = nextId++;
  set({ id, variant, message, ...(title ? { title } : {}) });
  timer = setTimeout(() => dismissToast(id), TOAST_DURATION_MS);
  return id;
}

export function dismissToast(id?: number): void {
  if (!current || (id !== undefined && current.id !== id)) return;
  clearTimeout(timer);
  set(null);
}

export const toast = {
  success: (message: string, title?: string) => showToast('success', message, title),
  error: (message: string, title?: string) => showToast('error', message, title),
  info: (message: string, title?: string) => showToast('info', message, title),
  warning: (message: string, title?: string) => showToast('warning', message, title),
  dismiss: dismissToast,
};

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCurrentToast(): Toast | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
