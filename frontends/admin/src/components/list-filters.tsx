import { useState, type ReactNode } from 'react';
import { SelectField, TextField } from '@gleba/ui';
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

/** A list filter's select: "any" first, then each value under its label; applies at once. */
export function FilterSelect<T extends string>({
  label,
  value,
  values,
  labelOf,
  onChange,
}: {
  label: string;
  value: string;
  values: readonly T[];
  labelOf: (value: T) => string;
  onChange: (value: string) => void;
}) {
  const tr = useT();
  return (
    <SelectField
      label={label}
      placeholder={tr('admin.any')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      options={values.map((v) => ({ value: v, label: labelOf(v) }))}
    />
  );
}
