import { useState } from 'react';
import type { DeletionRequest, DeletionStatus } from '../../api/client';
import { Banner, Button, ConfirmDialog, DateTime, Dialog, errorText, Field, formErrors, QueryView, SelectField, Table, useSearchParam } from '../../shared';
import { useChangeDeletionRequest, useDeleteDeletionRequest, useDeletionRequests } from '../api/deletion-requests';
import { useTitle } from '../title';

const STATUSES: DeletionStatus[] = ['pending', 'in_progress', 'completed', 'cancelled'];
const STATUS_LABEL: Record<DeletionStatus, string> = { pending: 'Pending', in_progress: 'In progress', completed: 'Completed', cancelled: 'Cancelled' };

function isStatus(s: string | null): s is DeletionStatus {
  return STATUSES.includes(s as DeletionStatus);
}

/** What completing a request erased, in the server's words (its summary says so plainly when nothing matched). */
function erasedSummary(r: DeletionRequest): string | null {
  const summary = r.erased?.summary;
  return typeof summary === 'string' ? summary : null;
}

function ChangeStatus({ request, onClose, onDone }: { request: DeletionRequest; onClose: () => void; onDone: (r: DeletionRequest) => void }) {
  const [status, setStatus] = useState<DeletionStatus>(request.status);
  const [notes, setNotes] = useState(request.notes ?? '');
  const save = useChangeDeletionRequest(request.id, {
    onSuccess: (r) => {
      onDone(r);
      onClose();
    },
  });
  const change = { status, notes: notes.trim() ? notes : null };
  const errors = formErrors(save.error, ['status', 'notes']);
  return (
    <Dialog
      open
      title={`Deletion request of ${request.email}`}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose} disabled={save.isPending} autoFocus>
            Cancel
          </Button>
          <Button variant={status === 'completed' ? 'danger' : 'primary'} busy={save.isPending} onClick={() => save.mutate(change)}>
            {status === 'completed' ? 'Complete and erase' : 'Save'}
          </Button>
        </>
      }
    >
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(change);
        }}
      >
        <SelectField label="Status" id="dr-status" value={status} onChange={(e) => setStatus(e.target.value as DeletionStatus)}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
        {status === 'completed' ? (
          <Banner tone="warning">Completing erases, at once, the partner account with this email and every end user whose data carries it. It cannot be undone.</Banner>
        ) : null}
        <Field label="Notes" name="notes" multiline rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} error={errors.field('notes')} />
      </form>
    </Dialog>
  );
}

export function DeletionRequests() {
  useTitle('Deletion requests');
  const statusParam = useSearchParam('status');
  const status = isStatus(statusParam.value) ? statusParam.value : null;
  const shownStatus = isStatus(statusParam.shown) ? statusParam.shown : null;
  const [editing, setEditing] = useState<DeletionRequest | null>(null);
  const [deleting, setDeleting] = useState<DeletionRequest | null>(null);
  const [completed, setCompleted] = useState<DeletionRequest | null>(null);
  const list = useDeletionRequests(status);
  const del = useDeleteDeletionRequest({ onSuccess: () => setDeleting(null) });
  const rows = [...(list.data?.items ?? [])].sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
  return (
    <div className="page">
      <div className="page-head">
        <h1>Deletion requests</h1>
      </div>
      <div className="toolbar">
        <SelectField label="Status" id="dr-filter" value={shownStatus ?? ''} onChange={(e) => statusParam.set(e.target.value || null)}>
          <option value="">All</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABEL[s]}
            </option>
          ))}
        </SelectField>
      </div>
      {completed ? (
        <Banner tone="success" title={`The request of ${completed.email} is completed`} action={<Button onClick={() => setCompleted(null)}>Dismiss</Button>}>
          {erasedSummary(completed) ?? 'Its data was erased.'}
        </Banner>
      ) : null}
      <QueryView query={list} failed="The deletion requests could not be loaded">
        {() => (
          <Table<DeletionRequest>
            caption={status ? `Deletion requests: ${STATUS_LABEL[status].toLowerCase()}, newest first` : 'Deletion requests, newest first'}
            rows={rows}
            rowKey={(r) => r.id}
            empty={status ? 'No deletion requests with this status.' : 'No deletion requests.'}
            columns={[
              { header: 'Received', cell: (r) => <DateTime value={r.created_at} /> },
              { header: 'Email', cell: (r) => r.email },
              { header: 'Name', cell: (r) => r.name ?? '—' },
              { header: 'Reason', cell: (r) => r.reason ?? '—' },
              {
                header: 'Status',
                cell: (r) =>
                  r.status === 'completed' && erasedSummary(r) ? (
                    <>
                      {STATUS_LABEL[r.status]}
                      <div className="muted">{erasedSummary(r)}</div>
                    </>
                  ) : (
                    STATUS_LABEL[r.status]
                  ),
              },
              { header: 'Notes', cell: (r) => r.notes ?? '—' },
              {
                header: <span className="visually-hidden">Actions</span>,
                cell: (r) => (
                  <div className="actions">
                    <Button onClick={() => setEditing(r)} disabled={r.status === 'completed'} aria-label={`Change status of ${r.email}`}>
                      Change status
                    </Button>
                    <Button variant="danger" onClick={() => setDeleting(r)} aria-label={`Delete the request of ${r.email}`}>
                      Delete
                    </Button>
                  </div>
                ),
              },
            ]}
          />
        )}
      </QueryView>
      {editing ? (
        <ChangeStatus key={editing.id} request={editing} onClose={() => setEditing(null)} onDone={(r) => setCompleted(r.status === 'completed' ? r : null)} />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this deletion request?"
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        error={del.error ? errorText(del.error) : null}
        onConfirm={() => deleting && del.mutate(deleting.id)}
        onCancel={() => {
          del.reset();
          setDeleting(null);
        }}
      >
        <p>The record of {deleting?.email}’s request is removed (the audit log keeps that it existed). Nothing else is erased.</p>
      </ConfirmDialog>
    </div>
  );
}
