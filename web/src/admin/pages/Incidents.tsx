import { useId, useState, type FormEvent } from 'react';
import type { ComponentId, Incident, IncidentImpact, IncidentStatus } from '../../api/client';
import { Banner, Button, ConfirmDialog, DateTime, Dialog, errorText, Field, formErrors, QueryView, SelectField } from '../../shared';
import { useIncidents, useOpenIncident, useResolveIncident, useUpdateIncident } from '../api/incidents';
import { useTitle } from '../title';

const IMPACTS: IncidentImpact[] = ['none', 'minor', 'major', 'critical'];
const STATUSES: IncidentStatus[] = ['investigating', 'identified', 'monitoring', 'resolved'];
const STATUS_LABEL: Record<IncidentStatus, string> = { investigating: 'Investigating', identified: 'Identified', monitoring: 'Monitoring', resolved: 'Resolved' };
const IMPACT_LABEL: Record<IncidentImpact, string> = { none: 'None', minor: 'Minor', major: 'Major', critical: 'Critical' };
/** The status page's components, in its order (a component the API adds fails the typecheck until it is named here). */
const COMPONENT_LABEL: Record<ComponentId, string> = { partner_api: 'Partner API', database: 'Database', ingest: 'Ingest', webhooks: 'Webhooks' };
const COMPONENTS = Object.keys(COMPONENT_LABEL) as ComponentId[];

function componentNames(ids: string[]): string {
  return ids.map((id) => COMPONENT_LABEL[id as ComponentId] ?? id).join(', ');
}

/** Which components an incident affects: one checkbox each, in a group named by its legend. */
function ComponentPicker({ name, value, onChange, error }: { name: string; value: ComponentId[]; onChange: (v: ComponentId[]) => void; error: string | null }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={error ? 'field checks component-picker field-has-error' : 'field checks component-picker'} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <legend className="field-label">Affected components</legend>
      <p className="field-hint" id={hintId}>
        While the incident is open, each one shows at least Degraded (minor impact) or Outage (major or critical) on the status page.
      </p>
      <div className="check-row">
        {COMPONENTS.map((c) => (
          <label key={c} className="check">
            <input
              type="checkbox"
              name={name}
              value={c}
              checked={value.includes(c)}
              onChange={(e) => onChange(COMPONENTS.filter((x) => (x === c ? e.target.checked : value.includes(x))))}
            />
            <span>{COMPONENT_LABEL[c]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function Select<T extends string>({ label, value, options, labels, onChange, name }: { label: string; value: T; options: T[]; labels: Record<T, string>; onChange: (v: T) => void; name: string }) {
  const id = `sel-${name}`;
  return (
    <SelectField label={label} id={id} name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
      {options.map((o) => (
        <option key={o} value={o}>
          {labels[o]}
        </option>
      ))}
    </SelectField>
  );
}

function CreateIncident({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [summary, setSummary] = useState('');
  const [impact, setImpact] = useState<IncidentImpact>('minor');
  const [components, setComponents] = useState<ComponentId[]>([]);
  const create = useOpenIncident({
    onSuccess: () => {
      setTitle('');
      setSummary('');
      setImpact('minor');
      setComponents([]);
      onClose();
    },
  });
  const errors = formErrors(create.error, ['title', 'summary', 'impact', 'components']);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate({ title, summary, impact, components });
  };
  return (
    <Dialog
      open={open}
      title="Open an incident"
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form="incident-form" busy={create.isPending}>
            Open incident
          </Button>
        </>
      }
    >
      <p className="muted">It shows on the public status page at once.</p>
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form id="incident-form" className="form" onSubmit={submit} noValidate>
        <Field label="Title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} error={errors.field('title')} autoFocus />
        <Field label="Summary" name="summary" multiline rows={3} value={summary} onChange={(e) => setSummary(e.target.value)} error={errors.field('summary')} />
        <Select label="Impact" name="impact" value={impact} options={IMPACTS} labels={IMPACT_LABEL} onChange={setImpact} />
        <ComponentPicker name="components" value={components} onChange={setComponents} error={errors.field('components')} />
      </form>
    </Dialog>
  );
}

function IncidentCard({ incident }: { incident: Incident }) {
  const [status, setStatus] = useState<IncidentStatus>(incident.status === 'resolved' ? 'monitoring' : incident.status);
  const [impact, setImpact] = useState<IncidentImpact>(incident.impact);
  const [components, setComponents] = useState<ComponentId[]>(COMPONENTS.filter((c) => incident.components.includes(c)));
  const [message, setMessage] = useState('');
  const [resolving, setResolving] = useState(false);
  const done = () => setMessage('');
  const update = useUpdateIncident(incident.id, { onSuccess: done });
  const resolve = useResolveIncident(incident.id, {
    onSuccess: () => {
      setResolving(false);
      done();
    },
  });
  const errors = formErrors(update.error, ['status', 'impact', 'components', 'message']);
  const open = incident.status !== 'resolved';
  return (
    <article className="card" aria-labelledby={`inc-${incident.id}`}>
      <div className="card-head">
        <h3 id={`inc-${incident.id}`}>{incident.title}</h3>
        <span className={`status ${open ? 'status-pending' : 'status-ok'}`}>{STATUS_LABEL[incident.status]}</span>
      </div>
      <p>{incident.summary}</p>
      <p className="muted">
        Impact: {IMPACT_LABEL[incident.impact]}
        {incident.components.length ? ` · affects ${componentNames(incident.components)}` : ' · no component named'} · started <DateTime value={incident.started_at} />
        {incident.resolved_at ? (
          <>
            {' · '}resolved <DateTime value={incident.resolved_at} />
          </>
        ) : null}
      </p>
      {incident.updates.length ? (
        <ul className="updates">
          {incident.updates.map((u) => (
            <li key={u.id}>
              <DateTime value={u.at} /> · {STATUS_LABEL[u.status]}: {u.message}
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <form
          className="form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            update.mutate({ status, impact, components, ...(message.trim() ? { message } : {}) });
          }}
        >
          {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
          <Select label="Status" name={`status-${incident.id}`} value={status} options={STATUSES.filter((s) => s !== 'resolved')} labels={STATUS_LABEL} onChange={setStatus} />
          <Select label="Impact" name={`impact-${incident.id}`} value={impact} options={IMPACTS} labels={IMPACT_LABEL} onChange={setImpact} />
          <ComponentPicker name={`components-${incident.id}`} value={components} onChange={setComponents} error={errors.field('components')} />
          <Field label="Update message" name="message" multiline rows={2} value={message} onChange={(e) => setMessage(e.target.value)} error={errors.field('message')} />
          <div className="actions">
            <Button type="submit" busy={update.isPending}>
              Update incident
            </Button>
            <Button variant="primary" onClick={() => setResolving(true)}>
              Resolve
            </Button>
          </div>
        </form>
      ) : null}
      <ConfirmDialog
        open={resolving}
        title={`Resolve “${incident.title}”?`}
        confirmLabel="Resolve"
        busy={resolve.isPending}
        error={resolve.error ? errorText(resolve.error) : null}
        onConfirm={() => resolve.mutate(message.trim() ? { message } : {})}
        onCancel={() => setResolving(false)}
      >
        <p>The status page shows it as resolved{message.trim() ? ', with your update message' : ''}.</p>
      </ConfirmDialog>
    </article>
  );
}

export function Incidents() {
  useTitle('Incidents');
  const [creating, setCreating] = useState(false);
  const list = useIncidents();
  const open = list.data?.items.filter((i) => i.status !== 'resolved') ?? [];
  const past = list.data?.items.filter((i) => i.status === 'resolved') ?? [];
  return (
    <div className="page">
      <div className="page-head">
        <h1>Incidents</h1>
        <Button variant="primary" onClick={() => setCreating(true)}>
          Open incident
        </Button>
      </div>
      <CreateIncident open={creating} onClose={() => setCreating(false)} />
      <QueryView query={list} failed="The incidents could not be loaded">
        {() => (
          <>
            <section className="stack" aria-labelledby="open-h">
              <h2 id="open-h">Open</h2>
              {open.length ? open.map((i) => <IncidentCard key={`${i.id}-${i.updated_at}`} incident={i} />) : <p className="empty">No open incidents.</p>}
            </section>
            <section className="stack" aria-labelledby="past-h">
              <h2 id="past-h">Past</h2>
              {past.length ? past.map((i) => <IncidentCard key={i.id} incident={i} />) : <p className="empty">No past incidents.</p>}
            </section>
          </>
        )}
      </QueryView>
    </div>
  );
}
