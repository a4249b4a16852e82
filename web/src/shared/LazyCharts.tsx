/**
 * The charts as pages use them: each loads the charts' chunk (Recharts) the first time one is
 * drawn, showing a placeholder meanwhile, so no page's first load carries the chart library.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { CallsChartProps, CategoryChartProps, DailyChartProps } from './charts';

const load = () => import('./charts');
const LazyCalls = lazy(() => load().then((m) => ({ default: m.CallsChart })));
const LazyDaily = lazy(() => load().then((m) => ({ default: m.DailyChart })));
const LazyCategory = lazy(() => load().then((m) => ({ default: m.CategoryChart })));

function Loading({ children }: { children: ReactNode }) {
  return <Suspense fallback={<p className="chart-placeholder muted">Loading the chart…</p>}>{children}</Suspense>;
}

/** Daily calls (or another single daily count) as bars. */
export function CallsChart(props: CallsChartProps) {
  return (
    <Loading>
      <LazyCalls {...props} />
    </Loading>
  );
}

/** Daily figures as bars, one series or several stacked. */
export function DailyChart(props: DailyChartProps) {
  return (
    <Loading>
      <LazyDaily {...props} />
    </Loading>
  );
}

/** Transaction volume by category as horizontal bars. */
export function CategoryChart(props: CategoryChartProps) {
  return (
    <Loading>
      <LazyCategory {...props} />
    </Loading>
  );
}
