const LOCAL = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const LOCAL_DATE = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** `2026-05-04 09:30 UTC`: the instant in UTC, for the title. */
export function utcText(d: Date): string {
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** An instant in the reader's time zone, with UTC in its title. */
export function DateTime({ value, dateOnly = false }: { value: string; dateOnly?: boolean }) {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return <span>{value}</span>;
  return (
    <time dateTime={d.toISOString()} title={utcText(d)}>
      {(dateOnly ? LOCAL_DATE : LOCAL).format(d)}
    </time>
  );
}
