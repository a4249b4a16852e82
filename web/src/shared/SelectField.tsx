import type { SelectHTMLAttributes } from 'react';
import { FieldFrame, type FieldCommon } from './Field';

export type SelectFieldProps = FieldCommon & SelectHTMLAttributes<HTMLSelectElement>;

/** A labelled select with its hint and its error, tied together for screen readers (as Field is for an input); the options are its children. */
export function SelectField({ label, error, hint, id, ...rest }: SelectFieldProps) {
  return <FieldFrame label={label} error={error} hint={hint} id={id} render={(wiring) => <select {...wiring} {...rest} />} />;
}
