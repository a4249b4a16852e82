import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export interface FieldCommon {
  label: ReactNode;
  /** The server's (or the form's) message about this value, shown under it and announced with it. */
  error?: string | null;
  hint?: ReactNode;
}

export type FieldProps = FieldCommon &
  (({ multiline?: false } & InputHTMLAttributes<HTMLInputElement>) | ({ multiline: true } & TextareaHTMLAttributes<HTMLTextAreaElement>));

/** The attributes that tie a control to its label, hint and error (id, aria-invalid, aria-describedby). */
export interface FieldWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  className: 'field-control';
}

/**
 * A field's frame: the label, the hint, the control `render` draws with the wiring it is given, and the error.
 * Shared by Field and SelectField, so every kind of control is labelled and described the same way.
 */
export function FieldFrame({ label, error, hint, id, render }: FieldCommon & { id?: string; render: (wiring: FieldWiring) => ReactNode }) {
  const auto = useId();
  const inputId = id ?? `f${auto}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
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
      {render({ id: inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, className: 'field-control' })}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input (or textarea) with its hint and its error, tied together for screen readers. */
export function Field(props: FieldProps) {
  const { label, error, hint, id, multiline, ...rest } = props as FieldCommon & { id?: string; multiline?: boolean } & Record<string, unknown>;
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      id={id}
      render={(wiring) => {
        const control = { ...wiring, ...rest };
        return multiline ? <textarea {...(control as TextareaHTMLAttributes<HTMLTextAreaElement>)} /> : <input {...(control as InputHTMLAttributes<HTMLInputElement>)} />;
      }}
    />
  );
}
