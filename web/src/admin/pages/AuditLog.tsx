import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Banner, Button, CursorPager, Field, formErrors, useCursorPages } from '../../shared';
import { ACTOR_LABEL, ACTOR_TYPES, AUDIT_PARAM, AuditTable, auditLogHref, isActorType, type AuditFilters } from '../AuditTable';
import { useAuditLog } from '../api/audit';
import { useTitle } from '../title';

const PAGE = 50;

function filtersOf(params: URLSearchParams): AuditFilters {
  const f: AuditFilters = {};
  const type = params.get(AUDIT_PARAM.actor_type);
  if (isActorType(type)) f.actor_type = type;
  for (const k of ['actor_id', 'action', 'target_id'] as const) {
    const v = params.get(AUDIT_PARAM[k])?.trim();
    if (v) f[k] = v;
  }
  return f;
}

/** What the filter fields hold: text as typed, '' for none. */
type Draft = Record<'actor_type' | 'actor_id' | 'action' | 'target_id', string>;

function draftOf(f: AuditFilters): Draft {
  return { actor_type: f.actor_type ?? '', actor_id: f.actor_id ?? '', action: f.action ?? '', target_id: f.target_id ?? '' };
}

/**
 * The filter fields. They follow the address when it changes from elsewhere (a row's actor, action or
 * target link, Back), but not when the change is the form's own: the address is updated in a transition,
 * and what was typed meanwhile (after Clear filters, say) must not be wiped when it lands.
 */
function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  const [draft, setDraft] = useState(() => draftOf(filters));
  const current = auditLogHref(filters);
  const shown = useRef(current);
  useEffect(() => {
    if (current === shown.current) return;
    shown.current = current;
    setDraft(draftOf(filters));
    // `filters` is rebuilt from the address on every render, so this runs each time; `current` (its address) says whether it changed.
  }, [current, filters]);
  const edit = (k: keyof Draft) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    const value = e.target.value;
    setDraft((d) => ({ ...d, [k]: value }));
  };
  const apply = (f: AuditFilters) => {
    shown.current = auditLogHref(f);
    onApply(f);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply({
      actor_type: isActorType(draft.actor_type) ? draft.actor_type : undefined,
      actor_id: draft.actor_id.trim() || undefined,
      action: draft.action.trim() || undefined,
      target_id: draft.target_id.trim() || undefined,
    });
  };
  const clear = () => {
    setDraft(draftOf({}));
    apply({});
  };
  const any = Object.values(filters).some(Boolean);
  return (
    <form className="toolbar audit-filters" role="search" aria-label="Filter the audit log" onSubmit={submit} noValidate>
      <div className="field">
        <label className="field-label" htmlFor="audit-actor-type">
          Actor type
        </label>
        <p className="field-hint" id="audit-actor-type-hint">
          Who acted
        </p>
        <select id="audit-actor-type" className="field-control" aria-describedby="audit-actor-type-hint" value={draft.actor_type} onChange={edit('actor_type')}>
          <option value="">Anyone</option>
          {ACTOR_TYPES.map((t) => (
            <option key={t} value={t}>
              {ACTOR_LABEL[t]}
            </option>
          ))}
        </select>
      </div>
      <Field label="Actor" name="actor" hint="An admin’s or partner’s id" value={draft.actor_id} onChange={edit('actor_id')} maxLength={120} autoComplete="off" />
      <Field label="Action" name="action" hint="Exact (partner.suspend), or a prefix ending in a dot (partner.)" value={draft.action} onChange={edit('action')} maxLength={80} autoComplete="off" />
      <Field label="Target" name="target" hint="The id acted on" value={draft.target_id} onChange={edit('target_id')} maxLength={120} autoComplete="off" />
      <div className="actions">
        <Button type="submit" variant="primary">
          Filter
        </Button>
        {any ? <Button onClick={clear}>Clear filters</Button> : null}
      </div>
    </form>
  );
}

/** One filtered view, paged: its cursors start over whenever the filters change (the parent keys it by them). */
function Results({ filters }: { filters: AuditFilters }) {
  const pages = useCursorPages();
  const cursor = pages.cursor;
  const list = useAuditLog(filters, cursor, PAGE);
  const filtered = Object.values(filters).some(Boolean);
  if (list.isError) {
    const errors = formErrors(list.error, []);
    return (
      <Banner tone="error" title="The audit log could not be loaded" action={<Button onClick={() => void list.refetch()}>Try again</Button>}>
        {errors.form ?? list.error.message}
      </Banner>
    );
  }
  if (list.isPending) {
    return (
      <p className="page-loading" aria-busy="true">
        Loading…
      </p>
    );
  }
  return (
    <>
      <AuditTable
        caption={filtered ? 'Audit entries matching the filters, newest first' : 'Audit entries, newest first'}
        rows={list.data.items}
        empty={filtered ? 'No audit entries match these filters.' : 'No audit entries yet.'}
        filterLink={(f) => auditLogHref({ ...filters, ...f })}
      />
      <CursorPager pages={pages} next={list.data.next_cursor} count={list.data.count} />
    </>
  );
}

export function AuditLog() {
  useTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const key = auditLogHref(filters);
  return (
    <div className="page">
      <div className="page-head">
        <h1>Audit log</h1>
      </div>
      <p className="lede">Every administrator action, every server-to-server change and the partners’ own key and account changes, newest first.</p>
      <FilterForm filters={filters} onApply={(f) => setParams(new URLSearchParams(auditLogHref(f).split('?')[1] ?? ''))} />
      <Results key={key} filters={filters} />
    </div>
  );
}
