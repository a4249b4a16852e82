import { startTransition, useOptimistic } from 'react';
import { useSearchParams } from 'react-router';

export interface SearchParam {
  /** The value in the address: what the page loads. */
  value: string | null;
  /** What the control shows: the value just chosen while the address (and what it loads) follows in a transition. */
  shown: string | null;
  /** Sets the parameter (null removes it); the other parameters stay. */
  set(next: string | null): void;
}

/**
 * One query parameter of the address as the state of a control (a filter's select or box). The router
 * changes the address in a transition, so a control bound to the address alone would show its old value
 * until the page behind it has rendered: this shows the choice at once.
 */
export function useSearchParam(name: string, options: { replace?: boolean } = {}): SearchParam {
  const [params, setParams] = useSearchParams();
  const value = params.get(name);
  const [shown, show] = useOptimistic(value);
  const set = (next: string | null) => {
    const p = new URLSearchParams(params);
    if (next === null) p.delete(name);
    else p.set(name, next);
    startTransition(() => {
      show(next);
      setParams(p, { replace: options.replace });
    });
  };
  return { value, shown, set };
}
