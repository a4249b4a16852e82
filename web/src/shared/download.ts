import { useMutation } from '@tanstack/react-query';

/** Saves bytes as a file, as a download link would: through an object URL, let go once the browser has taken it. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * A Download button's call: the export is asked for with the session cookie and saved only when it
 * answered 200; any other answer is the mutation's error, for the page to show. (A plain link would
 * save whatever came back, a JSON error included, as the file.) `fallbackName` names the file when
 * the answer does not.
 */
export function useDownload<V>(fetchFile: (vars: V) => Promise<{ blob: Blob; filename: string | null }>, fallbackName: string) {
  return useMutation({
    mutationFn: fetchFile,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename ?? fallbackName),
  });
}
