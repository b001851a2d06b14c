import { useState, type ReactNode } from 'react';
import { TextField } from '@gleba/ui';
import { useT } from '../lib/i18n';

/**
 * The filters above a list page: a search box whose text applies on submit, then the page's own
 * fields (selects apply at once).
 */
export function ListFilters({
  search,
  placeholder,
  onSearch,
  children,
}: {
  search: string;
  placeholder: string;
  onSearch: (text: string) => void;
  children?: ReactNode;
}) {
  const tr = useT();
  const [text, setText] = useState(search);
  return (
    <form
      className="filters"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <TextField
        label={tr('admin.search')}
        type="search"
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="gl-button">
        {tr('admin.search')}
      </button>
      {children}
    </form>
  );
}

/** "From" and "to" dates of a list filter (ISO dates, '' when not set). */
export function DateRangeFields({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from?: string; to?: string }) => void;
}) {
  const tr = useT();
  return (
    <>
      <TextField
        label={tr('admin.filterDateFrom')}
        type="date"
        value={from}
        onChange={(e) => onChange({ from: e.target.value })}
      />
      <TextField
        label={tr('admin.filterDateTo')}
        type="date"
        value={to}
        onChange={(e) => onChange({ to: e.target.value })}
      />
    </>
  );
}
