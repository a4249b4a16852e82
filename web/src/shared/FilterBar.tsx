import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Button } from './Button';

/** What the filter fields hold, by name: text as typed, '' for none. */
export type FilterValues<K extends string> = Record<K, string>;

/** A value the bar refuses to apply: the field (its control's `name`) and what to say under it. */
export interface FilterProblem<K extends string> {
  field: K;
  message: string;
}

/** What the fields are given to show and edit the bar's values. */
export interface FilterFields<K extends string> {
  value(k: K): string;
  onChange(k: K): (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
  /** The problem of that field, if the last Search/Filter refused it. */
  error(k: K): string | null;
}

interface Props<K extends string> {
  /** The form's accessible name ("Filter the request log"). */
  label: string;
  /** The applied filters ('' for none), read from the address: the fields follow them when they change from elsewhere. */
  applied: FilterValues<K>;
  /** The values as they are applied (default: each trimmed); answers the applied filters' form, so the bar knows its own change. */
  clean?: (draft: FilterValues<K>) => FilterValues<K>;
  /** A problem that stops the values being applied (its field is focused and shows it). */
  check?: (values: FilterValues<K>) => FilterProblem<K> | null;
  onApply: (values: FilterValues<K>) => void;
  submitLabel: string;
  children: (fields: FilterFields<K>) => ReactNode;
}

const keyOf = (v: Record<string, string>) => JSON.stringify(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)));
const trimmed = <K extends string>(v: FilterValues<K>) => Object.fromEntries(Object.entries(v).map(([k, s]) => [k, (s as string).trim()])) as FilterValues<K>;
const blank = <K extends string>(v: FilterValues<K>) => Object.fromEntries(Object.keys(v).map((k) => [k, ''])) as FilterValues<K>;

/**
 * A list's filter form: its fields (given by `children`), the submit button and, while any filter is applied,
 * Clear filters. The fields follow the address when it changes from elsewhere (a link in a row, Back), but not
 * when the change is the form's own: the address is updated in a transition, and what was typed meanwhile
 * (after Clear filters, say) must not be wiped when it lands.
 */
export function FilterBar<K extends string>({ label, applied, clean = trimmed, check, onApply, submitLabel, children }: Props<K>) {
  const [draft, setDraft] = useState(applied);
  const [problem, setProblem] = useState<FilterProblem<K> | null>(null);
  const current = keyOf(applied);
  const shown = useRef(current);
  useEffect(() => {
    if (current === shown.current) return;
    shown.current = current;
    setDraft(applied);
    // `applied` is rebuilt from the address on every render, so this runs each time; `current` says whether it changed.
  }, [current, applied]);
  const apply = (values: FilterValues<K>) => {
    shown.current = keyOf(values);
    onApply(values);
  };
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const values = clean(draft);
    const refused = check?.(values) ?? null;
    setProblem(refused);
    if (refused) {
      const control = e.currentTarget.elements.namedItem(refused.field);
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    apply(values);
  };
  const clear = () => {
    setDraft(blank(draft));
    setProblem(null);
    apply(blank(draft));
  };
  const fields: FilterFields<K> = {
    value: (k) => draft[k],
    onChange: (k) => (e) => {
      const value = e.target.value;
      setDraft((d) => ({ ...d, [k]: value }));
    },
    error: (k) => (problem?.field === k ? problem.message : null),
  };
  return (
    <form className="toolbar audit-filters" role="search" aria-label={label} onSubmit={submit} noValidate>
      {children(fields)}
      <div className="actions">
        <Button type="submit" variant="primary">
          {submitLabel}
        </Button>
        {Object.values<string>(applied).some(Boolean) ? <Button onClick={clear}>Clear filters</Button> : null}
      </div>
    </form>
  );
}
