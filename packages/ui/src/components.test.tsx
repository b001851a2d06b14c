import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  ConfirmationDialog,
  GenericErrorPage,
  LanguageSwitcher,
  NotFoundPage,
  OrderNotFoundPage,
  ServerErrorPage,
  SkeletonRows,
  Table,
  TextField,
  Toaster,
  UiLanguageProvider,
  toast,
} from './index';

afterEach(() => {
  vi.useRealTimers();
  toast.dismiss();
});

describe('Toaster', () => {
  it('shows one toast at a time with the variant heading, and hides it after 4000 ms', () => {
    vi.useFakeTimers();
    render(
      <UiLanguageProvider lang="en">
        <Toaster />
      </UiLanguageProvider>,
    );
    act(() => void toast.success('Saved'));
    expect(screen.getByRole('status').textContent).toContain('Success');
    act(() => void toast.error('Broken'));
    expect(screen.queryByText('Saved')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error');
    expect(alert.getAttribute('data-variant')).toBe('error');
    act(() => vi.advanceTimersByTime(3999));
    expect(screen.queryByText('Broken')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Broken')).toBeNull();
  });

  it('uses the Polish headings info and warning', () => {
    render(<Toaster />);
    act(() => void toast.warning('Uwaga!'));
    expect(screen.getByRole('status').textContent).toContain('Uwaga');
    act(() => void toast.info('x'));
    expect(screen.getByRole('status').textContent).toContain('Informacja');
  });
});

describe('tables', () => {
  it('renders skeleton rows of 5 cells while loading', () => {
    const { container } = render(
      <table>
        <tbody>
          <SkeletonRows />
        </tbody>
      </table>,
    );
    const rows = container.querySelectorAll('tr[data-skeleton-row]');
    expect(rows).toHaveLength(5);
    expect(rows[0]!.querySelectorAll('td')).toHaveLength(5);
  });

  it('renders rows, or the empty text', () => {
    const columns = [{ key: 'name', header: 'Name', cell: (r: { name: string }) => r.name }];
    const { rerender } = render(<Table columns={columns} rows={[{ name: 'A' }]} rowKey={(r) => r.name} />);
    expect(screen.getByRole('cell', { name: 'A' })).toBeTruthy();
    rerender(<Table columns={columns} rows={[]} rowKey={(r) => r.name} />);
    expect(screen.getByText('Brak danych')).toBeTruthy();
  });

  it('stacks on a phone: each cell carries its column name for the card layout', () => {
    const columns = [
      { key: 'name', header: 'Name', cell: (r: { name: string; code: string }) => r.name },
      { key: 'code', header: 'Code', cell: (r: { name: string; code: string }) => r.code },
    ];
    const { container } = render(
      <Table columns={columns} rows={[{ name: 'A', code: 'X1' }]} rowKey={(r) => r.name} stackOnNarrow />,
    );
    expect(container.querySelector('table')!.classList.contains('gl-table--stack')).toBe(true);
    expect([...container.querySelectorAll('tbody td')].map((td) => td.getAttribute('data-label'))).toEqual([
      'Name',
      'Code',
    ]);
  });
});

describe('error pages', () => {
  it.each([
    [NotFoundPage, 'Page not found'],
    [ServerErrorPage, 'The server is not responding'],
    [GenericErrorPage, 'Something went wrong'],
    [OrderNotFoundPage, 'Order not found'],
  ])('%o links home to /', (Page, title) => {
    render(
      <UiLanguageProvider lang="en">
        <Page />
      </UiLanguageProvider>,
    );
    expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the main page' }).getAttribute('href')).toBe('/');
  });
});

describe('ConfirmationDialog', () => {
  it('confirms or cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(
      <UiLanguageProvider lang="en">
        <ConfirmationDialog open onConfirm={onConfirm} onCancel={onCancel}>
          Cancel the order?
        </ConfirmationDialog>
      </UiLanguageProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});

describe('fields and language switcher', () => {
  it('shows a field error tied to its input', () => {
    render(<TextField label="E-mail" error="Required" />);
    const input = screen.getByLabelText('E-mail');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)!.textContent).toBe('Required');
  });

  it('offers pl, en and uk', async () => {
    const onChange = vi.fn();
    render(<LanguageSwitcher value="pl" onChange={onChange} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['pl', 'en', 'uk']);
    await userEvent.click(screen.getByRole('button', { name: 'Українська' }));
    expect(onChange).toHaveBeenCalledWith('uk');
  });
});
