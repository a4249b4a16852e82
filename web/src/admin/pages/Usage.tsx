import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminUsage, Environment } from '../../api/client';
import { Banner, Button, formatCents, formatDay, formatInteger, Table, useSearchParam, type Column } from '../../shared';
import { usePlatformUsage } from '../api/usage';
import { useTitle } from '../title';
import {
  ActiveUsersChart,
  DEFAULT_DAYS,
  DownloadCsv,
  ENV_LABEL,
  EventsByTypeChart,
  Totals,
  VolumeByCategoryChart,
  VolumeChart,
  WindowChoice,
  daysOf,
  envOf,
} from '../UsageParts';

type PartnerRow = AdminUsage['partners'][number];

const TOP = 10;

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={id}>
      <div className="card-head">
        <h2 id={id}>{title}</h2>
      </div>
      {children}
    </section>
  );
}

function TopPartners({ partners }: { partners: PartnerRow[] }) {
  // The answer lists every partner, most events first: the top are those that sent any.
  const top = partners.filter((p) => p.events > 0).slice(0, TOP);
  const columns: Column<PartnerRow>[] = [
    { header: 'Partner', cell: (p) => <Link to={`/partners/${encodeURIComponent(p.partner_id)}`}>{p.company}</Link> },
    { header: 'Events', cell: (p) => formatInteger(p.events), numeric: true },
    { header: 'User sign-ups', cell: (p) => formatInteger(p.user_signup), numeric: true },
    { header: 'Account links', cell: (p) => formatInteger(p.account_link), numeric: true },
    { header: 'Transactions', cell: (p) => formatInteger(p.transaction), numeric: true },
    { header: 'Volume', cell: (p) => formatCents(p.transaction_volume_cents), numeric: true },
    { header: 'Active end-users', cell: (p) => formatInteger(p.active_users), numeric: true },
  ];
  const active = partners.filter((p) => p.events > 0).length;
  return (
    <>
      <Table caption="Top partners by events" hideCaption columns={columns} rows={top} rowKey={(p) => p.partner_id} empty="No partner sent usage events in this window." />
      {active > TOP ? (
        <p className="muted">
          The {TOP} with the most events of {formatInteger(active)} partners that sent any: every partner is in the CSV (one row per partner).
        </p>
      ) : null}
    </>
  );
}

export function Usage() {
  useTitle('Usage');
  const daysParam = useSearchParam('days', { replace: true });
  const envParam = useSearchParam('environment', { replace: true });
  const days = daysOf(daysParam.value);
  const env = envOf(envParam.value);
  const usage = usePlatformUsage(days, env);
  const where = ENV_LABEL[env].toLowerCase();
  const u = usage.data;
  return (
    <div className="page">
      <div className="page-head">
        <h1>Usage</h1>
      </div>
      <p className="lede">The usage events of every partner: what their servers send about their end-users (sign-ups, account links and transactions), per UTC day.</p>
      <WindowChoice
        daysLabel="Days"
        days={daysOf(daysParam.shown)}
        env={envOf(envParam.shown)}
        onDays={(n) => daysParam.set(n === DEFAULT_DAYS ? null : String(n))}
        onEnv={(e: Environment) => envParam.set(e === 'live' ? null : e)}
      />
      {usage.isError ? (
        <Banner tone="error" title="Usage could not be loaded" action={<Button onClick={() => void usage.refetch()}>Try again</Button>}>
          {usage.error.message}
        </Banner>
      ) : !u ? (
        <p className="page-loading" aria-busy="true">
          Loading usage…
        </p>
      ) : (
        <>
          <p className="muted">
            {ENV_LABEL[env]} events from {formatDay(u.start_date)} to {formatDay(u.end_date)} (UTC days).
          </p>
          <Card id="totals-h" title="Totals">
            <Totals totals={u.totals} />
          </Card>
          <Card id="events-h" title="Daily events by type">
            {u.totals.events > 0 ? (
              <EventsByTypeChart daily={u.daily} label={`Daily ${where} events by type, last ${days} days`} />
            ) : (
              <p className="empty">No {where} usage events in the last {days} days.</p>
            )}
          </Card>
          <div className="grid-2">
            <Card id="active-h" title="Active end-users">
              {u.totals.events > 0 ? (
                <ActiveUsersChart daily={u.daily} total={u.totals.active_users} label={`Daily active end-users in ${where}, last ${days} days`} />
              ) : (
                <p className="empty">No active end-users in the last {days} days.</p>
              )}
            </Card>
            <Card id="volume-h" title="Transaction volume">
              {u.totals.transaction > 0 ? (
                <VolumeChart daily={u.daily} label={`Daily transaction volume in ${where}, last ${days} days`} />
              ) : (
                <p className="empty">No transactions in the last {days} days.</p>
              )}
            </Card>
          </div>
          {u.by_category.length > 0 ? (
            <Card id="categories-h" title="Transaction volume by category">
              <VolumeByCategoryChart categories={u.by_category} label={`Transaction volume by category in ${where}, last ${days} days`} />
            </Card>
          ) : null}
          <Card id="top-h" title="Top partners">
            <TopPartners partners={u.partners} />
          </Card>
        </>
      )}
      <Card id="csv-h" title="Download CSV">
        <p className="muted">The same window as a CSV file: one row per partner, one row per day, or every event.</p>
        <DownloadCsv formats={['partners', 'summary', 'events']} days={days} env={env} />
      </Card>
    </div>
  );
}
