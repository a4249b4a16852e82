import { CopyButton } from './CopyButton';

/** A new key or secret, shown this one time: the value in full, and Copy. */
export function ShownOnce({ value, what, testId }: { value: string; what: string; testId: string }) {
  return (
    <>
      <div className="key-value key-value-new">
        <code data-testid={testId}>{value}</code>
      </div>
      <div className="actions">
        <CopyButton text={value} what={what} />
      </div>
    </>
  );
}
