import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UiLanguageProvider } from '../i18n/ui-language';
import { ConfirmationDialog } from './confirmation-dialog';
import { Dialog } from './dialog';

function Page({ nested = false }: { nested?: boolean }) {
  const [open, setOpen] = useState(false);
  const [inner, setInner] = useState(false);
  return (
    <UiLanguageProvider lang="en">
      <main>
        <button type="button">Before</button>
        <button type="button" onClick={() => setOpen(true)}>
          Open settings
        </button>
        <button type="button">After</button>
        <Dialog
          open={open}
          title="Settings"
          onClose={() => setOpen(false)}
          actions={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                Close
              </button>
              {nested && (
                <button type="button" onClick={() => setInner(true)}>
                  Delete
                </button>
              )}
            </>
          }
        >
          <label>
            Name <input />
          </label>
          <button type="button" disabled>
            Disabled
          </button>
        </Dialog>
        <ConfirmationDialog open={inner} onConfirm={() => setInner(false)} onCancel={() => setInner(false)}>
          Sure?
        </ConfirmationDialog>
      </main>
    </UiLanguageProvider>
  );
}

const active = () => document.activeElement as HTMLElement;

describe('Dialog', () => {
  it('moves focus into the dialog and keeps Tab and Shift+Tab inside it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(active()).toBe(dialog);

    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await user.tab();
      expect(dialog.contains(active())).toBe(true);
      seen.push(active().tagName === 'INPUT' ? 'input' : active().textContent!);
    }
    // The disabled button is skipped; after the last control Tab wraps to the first.
    expect(seen).toEqual(['input', 'Close', 'input', 'Close', 'input']);
    await user.tab({ shift: true });
    expect(active().textContent).toBe('Close');
    await user.tab({ shift: true });
    expect(active().tagName).toBe('INPUT');
  });

  it('closes on Escape and returns focus to the button that opened it', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active()).toBe(opener);
  });

  it('returns focus to the opener after closing with a button inside', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Open settings' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active()).toBe(opener);
  });

  it('brings focus back when it lands on the page behind', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    screen.getByRole('button', { name: 'After' }).focus();
    expect(screen.getByRole('dialog').contains(active())).toBe(true);
  });

  it('a dialog opened from a dialog traps and closes first, then the outer one takes over', async () => {
    const user = userEvent.setup();
    render(<Page nested />);
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    const deleteButton = screen.getByRole('button', { name: 'Delete' });
    await user.click(deleteButton);
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(confirm.contains(active())).toBe(true);
    await user.keyboard('{Escape}');
    // Only the inner dialog closed; focus is back on the button that opened it.
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Settings' })).toBeTruthy();
    expect(active()).toBe(deleteButton);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(active()).toBe(screen.getByRole('button', { name: 'Open settings' }));
  });

  it('sends focus to the main region when the opener is gone', async () => {
    function Vanishing() {
      const [open, setOpen] = useState(false);
      return (
        <main>
          {!open && (
            <button type="button" onClick={() => setOpen(true)}>
              Open
            </button>
          )}
          <Dialog open={open} title="Gone" onClose={() => setOpen(false)}>
            <button type="button">Inside</button>
          </Dialog>
        </main>
      );
    }
    const user = userEvent.setup();
    render(<Vanishing />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(active()).toBe(screen.getByRole('main'));
  });
});
