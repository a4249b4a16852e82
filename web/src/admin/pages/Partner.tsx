import { usePrefetchQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError, type AdminPartner, type Environment, type RegeneratedKey } from '../../api/client';
import {
  Banner,
  Button,
  ConfirmDialog,
  DateTime,
  Dialog,
  errorText,
  Field,
  formatDay,
  formatInteger,
  formErrors,
  LoadFailed,
  OverlapChoice,
  problemsOf,
  QueryView,
  ShownOnce,
  useFieldProblems,
} from '../../shared';
import { partnerAuditQuery, usePartnerAudit } from '../api/audit';
import { partnerUsageQuery, useChangeAccess, useClearKey, useDeletePartner, usePartner, usePartnerUsage, useRegenerateKey, useSeedDemo, type AccessAction } from '../api/partners';
import { auditLogHref, AuditTable } from '../AuditTable';
import { PartnerRequestsCard } from '../PartnerRequests';
import { DEFAULT_DAYS, DownloadCsv, ENV_LABEL, EventsByTypeChart, Totals, VolumeByCategoryChart, WindowChoice } from '../UsageParts';
import { useTitle } from '../title';

const KEY_LABEL: Record<Environment, string> = { test: 'Sandbox key', live: 'Production key' };

function KeySlot({ partner, env }: { partner: AdminPartner; env: Environment }) {
  const slot = partner.keys.find((k) => k.environment === env);
  const [pending, setPending] = useState<'regenerate' | 'clear' | null>(null);
  const [shown, setShown] = useState<RegeneratedKey | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [overlap, setOverlap] = useState(0);
  const label = KEY_LABEL[env];
  const regenerate = useRegenerateKey(partner.id, env, {
    onSuccess: (k) => {
      setPending(null);
      setShown(k);
    },
  });
  const clear = useClearKey(partner.id, env, {
    onSuccess: (r) => {
      setPending(null);
      setNotice(r.cleared ? `${label} cleared: the partner can paste a new one.` : `The ${label.toLowerCase()} slot was already blank.`);
    },
  });
  return (
    <section className="card key-slot" aria-label={label}>
      <div className="card-head">
        <h3>{label}</h3>
      </div>
      <div className="key-value">
        <code>{slot?.masked ?? 'No key'}</code>
      </div>
      {slot ? (
        <p className="muted">
          Created <DateTime value={slot.created_at} />
          {slot.last_rotated_at ? (
            <>
              {' · '}last rotated <DateTime value={slot.last_rotated_at} />
            </>
          ) : null}
        </p>
      ) : null}
      {slot?.previous_expires_at ? (
        <p data-testid={`previous-key-${env}`}>
          The previous key keeps working until <DateTime value={slot.previous_expires_at} /> (the overlap of the last roll).
        </p>
      ) : null}
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <div className="actions">
        <Button onClick={() => (setOverlap(0), setPending('regenerate'))}>Regenerate key</Button>
        <Button variant="danger" onClick={() => setPending('clear')} disabled={!slot?.masked}>
          Clear key
        </Button>
      </div>
      <ConfirmDialog
        open={pending === 'regenerate'}
        title={`Regenerate the ${label.toLowerCase()}?`}
        confirmLabel="Regenerate key"
        danger
        busy={regenerate.isPending}
        error={regenerate.error ? errorText(regenerate.error) : null}
        onConfirm={() => regenerate.mutate(overlap)}
        onCancel={() => {
          regenerate.reset();
          setPending(null);
        }}
      >
        <p>
          The current {label.toLowerCase()} of {partner.company_name} stops working at once (a leaked key), or after the overlap chosen here, so the partner's
          servers can switch over. The new key is shown once.
        </p>
        <OverlapChoice id={`overlap-${env}`} label="Keep the current key working for" noneLabel="No time: it stops at once (a leaked key)" value={overlap} onChange={setOverlap} />
      </ConfirmDialog>
      <ConfirmDialog
        open={pending === 'clear'}
        title={`Clear the ${label.toLowerCase()}?`}
        confirmLabel="Clear key"
        danger
        busy={clear.isPending}
        error={clear.error ? errorText(clear.error) : null}
        onConfirm={() => clear.mutate()}
        onCancel={() => {
          clear.reset();
          setPending(null);
        }}
      >
        <p>The slot is left blank: the current key stops working at once, and the partner can paste a new value.</p>
      </ConfirmDialog>
      <Dialog
        open={shown !== null}
        title={`New ${label.toLowerCase()}`}
        onClose={() => setShown(null)}
        actions={
          <Button variant="primary" onClick={() => setShown(null)}>
            Done
          </Button>
        }
      >
        {shown ? (
          <>
            <p>
              Give it to the partner now: it is not shown again.{' '}
              {shown.previous_expires_at ? (
                <>
                  The previous key keeps working until <DateTime value={shown.previous_expires_at} />.
                </>
              ) : (
                'The previous key no longer works.'
              )}
            </p>
            <ShownOnce value={shown.key} what="Key" testId="new-key" />
          </>
        ) : null}
      </Dialog>
    </section>
  );
}

/**
 * Suspension and production access are two separate things, each changed by its own action and
 * each asked first: reactivating a suspended partner never enables production (and its billing).
 */
function AccessCard({ partner }: { partner: AdminPartner }) {
  const [asking, setAsking] = useState<AccessAction | null>(null);
  const change = useChangeAccess(partner.id, { onSuccess: () => setAsking(null) });
  const ask = (action: AccessAction) => {
    change.reset();
    setAsking(action);
  };
  const name = partner.company_name;
  const production = partner.production_enabled ? 'Production access stays on.' : 'Production access stays off: enabling it is a separate action.';
  const dialogs: Record<AccessAction, { title: string; confirm: string; danger: boolean; body: string }> = {
    suspend: {
      title: `Suspend ${name}?`,
      confirm: 'Suspend',
      danger: true,
      body: 'Every key and session of this partner answers 403 from the next request, and its sessions end, until it is reactivated. Production access stays as it is.',
    },
    activate: {
      title: `Reactivate ${name}?`,
      confirm: 'Reactivate',
      danger: false,
      body: `Its keys work again from the next request; the partner signs in anew. ${production}`,
    },
    'enable-production': {
      title: `Enable production for ${name}?`,
      confirm: 'Enable production',
      danger: false,
      body: 'The production key works from its next request, and its production end-users count toward the partner’s bill.',
    },
    'disable-production': {
      title: `Disable production for ${name}?`,
      confirm: 'Disable production',
      danger: true,
      body: 'The production key answers 403 from its next request; the sandbox key keeps working.',
    },
  };
  const d = asking ? dialogs[asking] : null;
  return (
    <section className="card" aria-labelledby="state-h">
      <div className="card-head">
        <h2 id="state-h">Access</h2>
      </div>
      <dl className="details">
        <dt>Account</dt>
        <dd>{partner.active ? 'Active' : 'Suspended: every key and session of this partner answers 403.'}</dd>
        <dt>Production access</dt>
        <dd>
          {partner.production_enabled ? (
            <>
              Enabled{partner.activated_at ? (
                <>
                  {' '}since <DateTime value={partner.activated_at} />
                </>
              ) : null}
              : the production key works and is billed.
            </>
          ) : (
            'Not enabled: the production key answers 403; the sandbox key works.'
          )}
        </dd>
      </dl>
      <div className="actions">
        {partner.active ? (
          <Button variant="danger" onClick={() => ask('suspend')}>
            Suspend
          </Button>
        ) : (
          <Button onClick={() => ask('activate')}>Reactivate</Button>
        )}
        {partner.production_enabled ? (
          <Button variant="danger" onClick={() => ask('disable-production')}>
            Disable production
          </Button>
        ) : (
          <Button onClick={() => ask('enable-production')}>Enable production</Button>
        )}
      </div>
      <ConfirmDialog
        open={d !== null}
        title={d?.title ?? ''}
        confirmLabel={d?.confirm ?? ''}
        danger={d?.danger ?? false}
        busy={change.isPending}
        error={change.isError ? errorText(change.error) : null}
        onConfirm={() => (asking ? change.mutate(asking) : undefined)}
        onCancel={() => setAsking(null)}
      >
        <p>{d?.body}</p>
      </ConfirmDialog>
    </section>
  );
}

function SeedCard({ partner }: { partner: AdminPartner }) {
  const [days, setDays] = useState('45');
  // The charts above show the new events; the platform's usage counts them too.
  const seed = useSeedDemo(partner.id);
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(seed.error, ['days'], {}, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const whole = /^\d+$/.test(days.trim()) && Number(days) >= 1 && Number(days) <= 365;
    if (passes(e.currentTarget, problemsOf({ days: [whole ? null : 'Enter a whole number of days, from 1 to 365'] }))) seed.mutate(Number(days));
  };
  return (
    <section className="card" aria-labelledby="seed-h">
      <div className="card-head">
        <h2 id="seed-h">Demo data</h2>
      </div>
      <p className="muted">Demo usage events for the last days, so the partner’s charts have something to show. Seeding a window again adds nothing.</p>
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      {seed.data ? (
        <Banner tone="success">
          {formatInteger(seed.data.inserted)} demo events stored ({formatInteger(seed.data.generated)} in the window {seed.data.start_date} to {seed.data.end_date}).
        </Banner>
      ) : null}
      <form className="toolbar" onSubmit={submit} noValidate>
        <Field label="Days" type="number" name="days" min={1} max={365} inputMode="numeric" value={days} onChange={(e) => setDays(e.target.value)} error={errors.field('days')} />
        <Button type="submit" busy={seed.isPending}>
          Seed demo data
        </Button>
      </form>
    </section>
  );
}

function DeleteCard({ partner }: { partner: AdminPartner }) {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const del = useDeletePartner(partner.id, { onSuccess: () => navigate('/partners', { state: { deleted: partner.company_name } }) });
  const matches = typed.trim() === partner.company_name;
  return (
    <section className="card" aria-labelledby="delete-h">
      <div className="card-head">
        <h2 id="delete-h">Delete partner</h2>
      </div>
      <p className="muted">Removes the partner for good. The audit log keeps a record of the deletion.</p>
      <div className="actions">
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete partner
        </Button>
      </div>
      <Dialog
        open={open}
        title={`Delete ${partner.company_name}?`}
        onClose={() => (del.isPending ? undefined : setOpen(false))}
        actions={
          <>
            <Button onClick={() => setOpen(false)} disabled={del.isPending} autoFocus>
              Cancel
            </Button>
            <Button variant="danger" disabled={!matches} busy={del.isPending} onClick={() => del.mutate()}>
              Delete partner
            </Button>
          </>
        }
      >
        <p>This removes, at once and for good:</p>
        <ul>
          <li>the account, its sign-in and every open session;</li>
          <li>both API keys (sandbox and production) and the ingest secret;</li>
          <li>its cached calculations, usage events and webhooks with their deliveries.</li>
        </ul>
        <Field
          label={`Type the company name (${partner.company_name}) to confirm`}
          name="confirm-company"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        {del.isError ? <Banner tone="error">{errorText(del.error)}</Banner> : null}
      </Dialog>
    </section>
  );
}

function AuditCard({ partner }: { partner: AdminPartner }) {
  const audit = usePartnerAudit(partner.id);
  return (
    <section className="card" aria-labelledby="audit-h">
      <div className="card-head">
        <h2 id="audit-h">Recent audit entries</h2>
        <Link className="card-head-link" to={auditLogHref({ target_id: partner.id })}>
          All in the audit log
        </Link>
      </div>
      <QueryView query={audit} failed="The audit entries could not be loaded" loadingClass="muted">
        {(data) => (
          <AuditTable
            caption="Recent audit entries"
            rows={data.items}
            empty="No audit entries for this partner."
            partnerId={partner.id}
            filterLink={(f) => auditLogHref({ target_id: partner.id, ...f })}
          />
        )}
      </QueryView>
    </section>
  );
}

function UsageCard({ partner }: { partner: AdminPartner }) {
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [env, setEnv] = useState<Environment>('live');
  const usage = usePartnerUsage(partner.id, days, env);
  const where = ENV_LABEL[env].toLowerCase();
  const u = usage.data;
  return (
    <section className="card" aria-labelledby="usage-h">
      <div className="card-head">
        <h2 id="usage-h">Usage</h2>
      </div>
      {/* "Period", not "Days": the demo-data form below has the Days field. */}
      <WindowChoice daysLabel="Period" days={days} env={env} onDays={setDays} onEnv={setEnv} />
      {usage.isError ? (
        <LoadFailed title="Usage could not be loaded" query={usage} />
      ) : !u ? (
        <p className="chart-placeholder muted" aria-busy="true">
          Loading usage…
        </p>
      ) : (
        <>
          <p className="muted">
            {ENV_LABEL[env]} events from {formatDay(u.start_date)} to {formatDay(u.end_date)} (UTC days).
          </p>
          <Totals totals={u.totals} compact />
          <h3>Daily events by type</h3>
          {u.totals.events > 0 ? (
            <EventsByTypeChart daily={u.daily} label={`Daily ${where} events of ${partner.company_name} by type, last ${days} days`} />
          ) : (
            <p className="empty">
              No {where} usage events in the last {days} days.{env === 'live' ? ' Seed demo data (below) to see the charts with something in them.' : ''}
            </p>
          )}
          <h3>Transaction volume by category</h3>
          {u.by_category.length > 0 ? (
            <VolumeByCategoryChart categories={u.by_category} label={`Transaction volume of ${partner.company_name} by category, last ${days} days`} />
          ) : (
            <p className="empty">No transactions in the last {days} days.</p>
          )}
        </>
      )}
      <h3>Download CSV</h3>
      <DownloadCsv formats={['summary', 'events']} days={days} env={env} partnerId={partner.id} />
    </section>
  );
}

export function Partner() {
  const { partnerId = '' } = useParams();
  const partner = usePartner(partnerId);
  usePrefetchQuery(partnerAuditQuery(partnerId));
  usePrefetchQuery(partnerUsageQuery(partnerId, DEFAULT_DAYS, 'live'));
  useTitle(partner.data?.company_name ?? 'Partner');
  if (partner.isPending) {
    return (
      <p className="page-loading" aria-busy="true">
        Loading…
      </p>
    );
  }
  if (partner.isError || !partner.data) {
    return (
      <div className="page">
        <h1>Partner</h1>
        {partner.isError && !isApiError(partner.error, 404) ? (
          <LoadFailed title="The partner could not be loaded" query={partner} />
        ) : (
          <Banner tone="warning" title="No such partner">
            There is no partner with this id (it may have been deleted).
          </Banner>
        )}
        <p>
          <Link to="/partners">Back to Partners</Link>
        </p>
      </div>
    );
  }
  const p = partner.data;
  return (
    <div className="page">
      <p>
        <Link to="/partners">← Partners</Link>
      </p>
      <div className="page-head">
        <h1>{p.company_name}</h1>
      </div>
      <section className="card" aria-labelledby="profile-h">
        <div className="card-head">
          <h2 id="profile-h">Profile</h2>
        </div>
        <dl className="details">
          <dt>Company</dt>
          <dd>{p.company_name}</dd>
          <dt>Contact</dt>
          <dd>{p.contact_name}</dd>
          <dt>Email</dt>
          <dd>
            {p.email} {p.email_verified ? '(verified)' : '(not verified)'}
          </dd>
          <dt>Tier</dt>
          <dd>{p.tier}</dd>
          <dt>Active</dt>
          <dd>{p.active ? 'Yes' : 'No'}</dd>
          <dt>Production enabled</dt>
          <dd>{p.production_enabled ? 'Yes' : 'No'}</dd>
          <dt>Created</dt>
          <dd>
            <DateTime value={p.created_at} />
          </dd>
          <dt>Sign-up source</dt>
          <dd>{p.signup_source ?? '—'}</dd>
          <dt>Partner id</dt>
          <dd>
            <code>{p.id}</code>
          </dd>
        </dl>
      </section>
      <section className="stack" aria-labelledby="keys-h">
        <h2 id="keys-h">API keys</h2>
        <div className="grid-2">
          <KeySlot partner={p} env="test" />
          <KeySlot partner={p} env="live" />
        </div>
      </section>
      <AccessCard partner={p} />
      <UsageCard partner={p} />
      <SeedCard partner={p} />
      <PartnerRequestsCard partner={p} />
      <AuditCard partner={p} />
      <DeleteCard partner={p} />
    </div>
  );
}
