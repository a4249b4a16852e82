import { Button } from './Button';
import { useCopy } from './useCopy';

/** Copy, and for a few seconds the outcome in words naming what was copied ("Key copied"), read out by a screen reader. */
export function CopyButton({ text, what }: { text: string; what: string }) {
  const { copy, state } = useCopy();
  return (
    <>
      <Button onClick={() => void copy(text)}>Copy</Button>
      <span className="copy-state" role="status">
        {state === 'copied' ? `${what} copied` : state === 'failed' ? `Copy failed: select the ${what.toLowerCase()} and copy it` : ''}
      </span>
    </>
  );
}
