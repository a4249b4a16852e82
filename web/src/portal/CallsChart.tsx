/**
 * Daily calls as bars (Recharts, loaded with this chunk only when a chart is drawn), with the
 * same figures as a table for screen readers and for anyone who wants the numbers.
 */
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, formatDay, formatInteger } from '../shared';

export interface DayCalls {
  day: string;
  calls: number;
}

/**
 * `unit` (plural, lower case) and `valueLabel` name what is counted: calls unless told otherwise
 * (the Usage page draws daily active end-users with the same chart). `total` replaces the sum of
 * the days in the summary, for a count that does not add up across days.
 */
export default function CallsChart({
  days,
  label,
  unit = 'calls',
  valueLabel = 'Calls',
  total: givenTotal,
}: {
  days: DayCalls[];
  label: string;
  unit?: string;
  valueLabel?: string;
  total?: number;
}) {
  const total = givenTotal ?? days.reduce((s, d) => s + d.calls, 0);
  const top = days.reduce((m, d) => (d.calls > m.calls ? d : m), days[0] ?? { day: '', calls: 0 });
  const summary = `${label}: ${formatInteger(total)} ${unit} in ${days.length} days` + (top.calls > 0 ? `, most on ${formatDay(top.day)} (${formatInteger(top.calls)})` : '');
  return (
    <figure className="chart">
      <div className="chart-canvas" role="img" aria-label={summary}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid vertical={false} stroke="#e5e7eb" />
            <XAxis dataKey="day" tickFormatter={formatDay} tickLine={false} axisLine={{ stroke: '#d1d5db' }} minTickGap={24} tick={{ fontSize: 12, fill: '#4b5563' }} />
            <YAxis allowDecimals={false} tickLine={false} axisLine={false} width={48} tick={{ fontSize: 12, fill: '#4b5563' }} tickFormatter={formatInteger} />
            <Tooltip
              cursor={{ fill: '#eef2ff' }}
              labelFormatter={(d) => formatDay(String(d))}
              formatter={(v) => [formatInteger(Number(v)), valueLabel]}
            />
            <Bar dataKey="calls" name={valueLabel} fill="#2563eb" radius={[3, 3, 0, 0]} isAnimationActive={false} />
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
            { header: 'Day (UTC)', cell: (d: DayCalls) => formatDay(d.day) },
            { header: valueLabel, cell: (d: DayCalls) => formatInteger(d.calls), numeric: true },
          ]}
          rows={[...days].reverse()}
          rowKey={(d) => d.day}
        />
      </details>
    </figure>
  );
}
