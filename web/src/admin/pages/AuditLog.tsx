import { useSearchParams } from 'react-router';
import { CursorPage, Field, FilterBar, SelectField, useCursorPages, type FilterValues } from '../../shared';
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

type Field = 'actor_type' | 'actor_id' | 'action' | 'target_id';

function valuesOf(f: AuditFilters): FilterValues<Field> {
  return { actor_type: f.actor_type ?? '', actor_id: f.actor_id ?? '', action: f.action ?? '', target_id: f.target_id ?? '' };
}

function filtersFrom(v: FilterValues<Field>): AuditFilters {
  return {
    actor_type: isActorType(v.actor_type) ? v.actor_type : undefined,
    actor_id: v.actor_id.trim() || undefined,
    action: v.action.trim() || undefined,
    target_id: v.target_id.trim() || undefined,
  };
}

function FilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (f: AuditFilters) => void }) {
  return (
    <FilterBar label="Filter the audit log" applied={valuesOf(filters)} clean={(v) => valuesOf(filtersFrom(v))} onApply={(v) => onApply(filtersFrom(v))} submitLabel="Filter">
      {(f) => (
        <>
          <SelectField label="Actor type" id="audit-actor-type" hint="Who acted" value={f.value('actor_type')} onChange={f.onChange('actor_type')}>
            <option value="">Anyone</option>
            {ACTOR_TYPES.map((t) => (
              <option key={t} value={t}>
                {ACTOR_LABEL[t]}
              </option>
            ))}
          </SelectField>
          <Field label="Actor" name="actor" hint="An admin’s or partner’s id" value={f.value('actor_id')} onChange={f.onChange('actor_id')} maxLength={120} autoComplete="off" />
          <Field label="Action" name="action" hint="Exact (partner.suspend), or a prefix ending in a dot (partner.)" value={f.value('action')} onChange={f.onChange('action')} maxLength={80} autoComplete="off" />
          <Field label="Target" name="target" hint="The id acted on" value={f.value('target_id')} onChange={f.onChange('target_id')} maxLength={120} autoComplete="off" />
        </>
      )}
    </FilterBar>
  );
}

/** One filtered view, paged: its cursors start over whenever the filters change (the parent keys it by them). */
function Results({ filters }: { filters: AuditFilters }) {
  const pages = useCursorPages();
  const list = useAuditLog(filters, pages.cursor, PAGE);
  const filtered = Object.values(filters).some(Boolean);
  return (
    <CursorPage query={list} pages={pages} failed="The audit log could not be loaded" count={(data) => data.count}>
      {(data) => (
        <AuditTable
          caption={filtered ? 'Audit entries matching the filters, newest first' : 'Audit entries, newest first'}
          rows={data.items}
          empty={filtered ? 'No audit entries match these filters.' : 'No audit entries yet.'}
          filterLink={(f) => auditLogHref({ ...filters, ...f })}
        />
      )}
    </CursorPage>
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
