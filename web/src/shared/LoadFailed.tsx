import { Banner } from './Banner';
import { Button } from './Button';
import { errorText } from './forms';

/** What a page shows where a query's data would be when the query failed: the error in words, and Try again. */
export function LoadFailed({ title, query }: { title: string; query: { error: unknown; refetch: () => unknown } }) {
  return (
    <Banner tone="error" title={title} action={<Button onClick={() => void query.refetch()}>Try again</Button>}>
      {errorText(query.error)}
    </Banner>
  );
}
