import { useEffect, useState } from 'react';

/** Copies text to the clipboard; `state` says how it went for a few seconds (for a status message). */
export function useCopy(): { copy: (text: string) => Promise<void>; state: 'idle' | 'copied' | 'failed' } {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 4000);
    return () => clearTimeout(t);
  }, [state]);
  return {
    state,
    copy: async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setState('copied');
      } catch {
        setState('failed');
      }
    },
  };
}
