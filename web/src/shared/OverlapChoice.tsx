/** How long a key rotation keeps the replaced key working: the choices of the portal's Rotate and the console's Regenerate. */
const OVERLAPS = [
  { seconds: 3600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 604_800, label: '7 days' },
] as const;

export interface OverlapChoiceProps {
  id: string;
  label: string;
  /** The words of the first choice, no overlap (0 s): the default. */
  noneLabel: string;
  /** Seconds. */
  value: number;
  onChange: (seconds: number) => void;
}

export function OverlapChoice({ id, label, noneLabel, value, onChange }: OverlapChoiceProps) {
  return (
    <>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field-control" value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
        <option value="0">{noneLabel}</option>
        {OVERLAPS.map((o) => (
          <option key={o.seconds} value={String(o.seconds)}>
            {o.label}
          </option>
        ))}
      </select>
    </>
  );
}
