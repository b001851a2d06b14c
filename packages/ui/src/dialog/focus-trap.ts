/**
 * Framework-free focus handling of a modal dialog (no React, no runtime imports), shared by the
 * `Dialog` component of the SPAs and the landing page's prerendered cookie dialog
 * (`@gleba/ui/dialog/focus-trap`):
 * - focus moves into the dialog and stays there: Tab and Shift+Tab cycle through its controls, and
 *   focus that lands outside (a click on the page behind, a script) is brought back;
 * - Escape calls `onEscape` (the dialog decides to close);
 * - `release()` gives focus back to the element that had it when the dialog opened, or, when that
 *   element is gone or disabled, to the page's main region.
 * Dialogs opened from a dialog stack: only the topmost one listens.
 */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The controls Tab reaches inside `container`, in document order. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && !el.closest('[hidden], [inert], [aria-hidden="true"]') && isRendered(el),
  );
}

function isRendered(el: HTMLElement): boolean {
  // checkVisibility: false for display:none and content-visibility:hidden ancestors.
  return typeof el.checkVisibility === 'function' ? el.checkVisibility() : true;
}

export interface FocusTrapOptions {
  /** Called on Escape while this dialog is the topmost one. */
  onEscape?: () => void;
  /** Where focus goes first; the container itself (its title is read) when not given. */
  initialFocus?: HTMLElement | null;
}

export interface FocusTrap {
  /** Stops trapping and returns focus to the opener. */
  release(): void;
}

const stack: HTMLElement[] = [];

/** Keeps focus inside `container` until `release()`; the container needs `tabindex="-1"`. */
export function trapFocus(container: HTMLElement, options: FocusTrapOptions = {}): FocusTrap {
  const doc = container.ownerDocument;
  const active = doc.activeElement;
  const opener = active instanceof HTMLElement && active !== doc.body ? active : null;
  stack.push(container);
  const isTop = () => stack[stack.length - 1] === container;

  const onKeyDown = (event: KeyboardEvent) => {
    if (!isTop() || event.defaultPrevented) return;
    if (event.key === 'Escape') {
      if (!options.onEscape) return;
      event.preventDefault();
      event.stopPropagation();
      options.onEscape();
    } else if (event.key === 'Tab') {
      cycle(container, event);
    }
  };
  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as Node | null;
    if (!isTop() || !target || container.contains(target)) return;
    (focusableIn(container)[0] ?? container).focus();
  };

  doc.addEventListener('keydown', onKeyDown, true);
  doc.addEventListener('focusin', onFocusIn);
  (options.initialFocus ?? container).focus();

  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      doc.removeEventListener('keydown', onKeyDown, true);
      doc.removeEventListener('focusin', onFocusIn);
      const index = stack.lastIndexOf(container);
      if (index >= 0) stack.splice(index, 1);
      returnFocus(doc, opener, container);
    },
  };
}

function cycle(container: HTMLElement, event: KeyboardEvent): void {
  const focusable = focusableIn(container);
  const doc = container.ownerDocument;
  const current = doc.activeElement;
  event.preventDefault();
  if (focusable.length === 0) {
    container.focus();
    return;
  }
  const index = current instanceof HTMLElement ? focusable.indexOf(current) : -1;
  const next = event.shiftKey
    ? index <= 0
      ? focusable[focusable.length - 1]!
      : focusable[index - 1]!
    : index < 0 || index === focusable.length - 1
      ? focusable[0]!
      : focusable[index + 1]!;
  next.focus();
}

function returnFocus(doc: Document, opener: HTMLElement | null, container: HTMLElement): void {
  const focusInside = container.contains(doc.activeElement) || doc.activeElement === doc.body;
  // Focus already moved elsewhere on purpose (e.g. the dialog's action navigated): leave it there.
  if (!focusInside && doc.activeElement !== null) return;
  if (opener?.isConnected) {
    opener.focus();
    if (doc.activeElement === opener) return;
  }
  const main = doc.querySelector<HTMLElement>('main, [role="main"]');
  if (!main) return;
  if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1');
  main.focus();
}
