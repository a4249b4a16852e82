/**
 * The web app's charts, drawn with Recharts. This module is a chunk of its own, loaded only when a
 * page draws a chart (pages use the wrappers of LazyCharts.tsx). Each chart is an image named by a
 * one-sentence summary of its figures, with the same figures as a table under "Show the figures",
 * for screen readers and for anyone who wants the numbers.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, type Column } from './Table';
import { formatDay, formatInteger } from './format';

/** One series of a daily chart: `key` in each day's `values`, `label` its name, `color` its bars. */
export interface Series {
  key: string;
  label: string;
  color: string;
}

/** One UTC day (`YYYY-MM-DD`) and its figure in each series. */
export interface DailyPoint {
  day: string;
  values: Record<string, number>;
}

export interface DailyChartProps {
  days: DailyPoint[];
  /** Several series are stacked, with a legend. */
  series: Series[];
  /** Names the chart (its image and its table). */
  label: string;
  /** What is counted, plural and lower case ("events"); empty when `format` says it (an amount). */
  unit?: string;
  /** A figure as read in the tooltip, the summary and the table (whole numbers by default). */
  format?: (n: number) => string;
  /** A figure on the axis (default: `format`). */
  axisFormat?: (n: number) => string;
  /** Replaces the sum of the days in the summary, for a count that does not add up across days. */
  total?: number;
}

const GRID = '#e5e7eb';
const AXIS = '#d1d5db';
const TICK = { fontSize: 12, fill: '#4b5563' };

function Swatch({ color }: { color: string }) {
  return (
    <svg className="chart-swatch" width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
      <rect width="12" height="12" rx="2" fill={color} />
    </svg>
  );
}

/** Daily figures as bars, one series or several stacked. */
export function DailyChart({ days, series, label, unit = '', format = formatInteger, axisFormat = format, total: givenTotal }: DailyChartProps) {
  const dayTotal = (d: DailyPoint) => series.reduce((s, x) => s + (d.values[x.key] ?? 0), 0);
  const seriesTotal = (key: string) => days.reduce((s, d) => s + (d.values[key] ?? 0), 0);
  const total = givenTotal ?? days.reduce((s, d) => s + dayTotal(d), 0);
  const top = days.reduce<DailyPoint | null>((m, d) => (m === null || dayTotal(d) > dayTotal(m) ? d : m), null);
  const split = series.length > 1 ? ` (${series.map((s) => `${s.label} ${format(seriesTotal(s.key))}`).join(', ')})` : '';
  const most = top && dayTotal(top) > 0 ? `, most on ${formatDay(top.day)} (${format(dayTotal(top))})` : '';
  const summary = `${label}: ${format(total)}${unit ? ` ${unit}` : ''} in ${days.length} days${split}${most}`;
  // Recharts reads each series from a flat row; the prefix keeps a series named "day" apart from the day.
  const data = days.map((d) => ({ day: d.day, ...Object.fromEntries(series.map((s) => [`v_${s.key}`, d.values[s.key] ?? 0])) }));
  const stacked = series.length > 1;
  const columns: Column<DailyPoint>[] = [
    { header: 'Day (UTC)', cell: (d) => formatDay(d.day) },
    ...series.map((s) => ({ header: s.label, cell: (d: DailyPoint) => format(d.values[s.key] ?? 0), numeric: true })),
  ];
  return (
    <figure className="chart">
      {stacked ? (
        <ul className="chart-legend">
          {series.map((s) => (
            <li key={s.key}>
              <Swatch color={s.color} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="chart-canvas" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke={GRID} />
            <XAxis dataKey="day" tickFormatter={formatDay} tickLine={false} axisLine={{ stroke: AXIS }} minTickGap={24} tick={TICK} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={56} tick={TICK} tickFormatter={(v: number) => axisFormat(v)} />
            <Tooltip cursor={{ fill: '#eef2ff' }} labelFormatter={(d) => formatDay(String(d))} formatter={(v, name) => [format(Number(v)), name]} />
            {series.map((s, i) => (
              <Bar
                key={s.key}
                dataKey={`v_${s.key}`}
                name={s.label}
                fill={s.color}
                stackId={stacked ? 'day' : undefined}
                radius={!stacked || i === series.length - 1 ? [3, 3, 0, 0] : undefined}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
      <details className="chart-table">
        <summary>Show the figures</summary>
        <Table caption={label} hideCaption columns={columns} rows={[...days].reverse()} rowKey={(d) => d.day} />
      </details>
    </figure>
  );
}

export interface DayCalls {
  day: string;
  calls: number;
}

export interface CallsChartProps {
  days: DayCalls[];
  label: string;
  /** What is counted (plural, lower case): calls unless told otherwise. */
  unit?: string;
  /** The name of the figure in the tooltip and the table. */
  valueLabel?: string;
  total?: number;
}

/** Daily calls (or another single daily count) as bars. */
export function CallsChart({ days, label, unit = 'calls', valueLabel = 'Calls', total }: CallsChartProps) {
  return (
    <DailyChart
      days={days.map((d) => ({ day: d.day, values: { calls: d.calls } }))}
      series={[{ key: 'calls', label: valueLabel, color: '#2563eb' }]}
      label={label}
      unit={unit}
      total={total}
    />
  );
}

/** Transactions of one category in a window (`category` null: sent without one). */
export interface CategoryPoint {
  category: string | null;
  transactions: number;
  volume_cents: number;
}

export interface CategoryChartProps {
  categories: CategoryPoint[];
  label: string;
  /** An amount in cents, as read. */
  formatCents: (cents: number) => string;
  /** An amount in cents on the axis (default: `formatCents`). */
  axisFormatCents?: (cents: number) => string;
}

const NO_CATEGORY = 'No category';
const ROW_HEIGHT = 34;

/** Transaction volume by category as horizontal bars, largest first as given. */
export function CategoryChart({ categories, label, formatCents, axisFormatCents = formatCents }: CategoryChartProps) {
  const name = (c: CategoryPoint) => c.category ?? NO_CATEGORY;
  const total = categories.reduce((s, c) => s + c.volume_cents, 0);
  const top = categories.reduce<CategoryPoint | null>((m, c) => (m === null || c.volume_cents > m.volume_cents ? c : m), null);
  const summary =
    `${label}: ${formatCents(total)} in ${formatInteger(categories.length)} ${categories.length === 1 ? 'category' : 'categories'}` +
    (top && top.volume_cents > 0 ? `, most in ${name(top)} (${formatCents(top.volume_cents)})` : '');
  const data = categories.map((c) => ({ name: name(c), volume: c.volume_cents }));
  const height = Math.max(120, categories.length * ROW_HEIGHT + 40);
  return (
    <figure className="chart">
      <div className="chart-canvas chart-canvas-fit" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height={height}>
          <BarChart data={data} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid horizontal={false} stroke={GRID} />
            <XAxis type="number" tickLine={false} axisLine={{ stroke: AXIS }} tick={TICK} tickFormatter={(v: number) => axisFormatCents(v)} />
            <YAxis type="category" dataKey="name" tickLine={false} axisLine={false} width={112} tick={TICK} interval={0} />
            <Tooltip cursor={{ fill: '#eef2ff' }} formatter={(v) => [formatCents(Number(v)), 'Volume']} />
            <Bar dataKey="volume" name="Volume" fill="#7c3aed" radius={[0, 3, 3, 0]} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="visually-hidden">{summary}</figcaption>
      <details className="chart-table">
        <summary>Show the figures</summary>
        <Table
          caption={label}
          hideCaption
          columns={[
            { header: 'Category', cell: (c: CategoryPoint) => (c.category === null ? <span className="muted">{NO_CATEGORY}</span> : c.category) },
            { header: 'Transactions', cell: (c: CategoryPoint) => formatInteger(c.transactions), numeric: true },
            { header: 'Volume', cell: (c: CategoryPoint) => formatCents(c.volume_cents), numeric: true },
          ]}
          rows={categories}
          rowKey={(c) => c.category ?? ''}
        />
      </details>
    </figure>
  );
}
