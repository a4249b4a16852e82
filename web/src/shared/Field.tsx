import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

interface Common {
  label: ReactNode;
  /** The server's (or the form's) message about this value, shown under it and announced with it. */
  error?: string | null;
  hint?: ReactNode;
}

export type FieldProps = Common &
  (({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>) | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>));

/** A labelled input (or textarea) with its hint and its error, tied together for screen readers. */
export function Field(props: FieldProps) {
  const { label, error, hint, id, multiline, ...rest } = props as Common & { id?: string; multiline?: boolean } & Record<string, unknown>;
  const auto = useId();
  const inputId = id ?? `f${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control = {
    id: inputId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    className: 'field-control',
    ...rest,
  };
  return (
    <div className={error ? 'field field-has-error' : 'field'}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {multiline ? <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} /> : <input {...(control as InputHTMLAttributes<HTMLInputElement>)} />}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
