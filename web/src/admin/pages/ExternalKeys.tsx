import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Environment, ExternalKey, ExternalKeyAdded } from '../../api/client';
import { Banner, Button, check, ConfirmDialog, DateTime, errorText, Field, formErrors, problemsOf, QueryView, SelectField, Table, useFieldProblems } from '../../shared';
import { useAddExternalKey, useDeleteExternalKey, useExternalKeys } from '../api/external-keys';
import { useTitle } from '../title';

const ENV_LABEL: Record<Environment, string> = { test: 'Sandbox', live: 'Production' };
// The fields shown with their own message (the environment is a choice the server cannot refuse).
const FIELDS = ['key', 'partner_id', 'partner_email', 'partner_company_name', 'partner_contact_name', 'tier'] as const;
type FieldName = (typeof FIELDS)[number] | 'environment';
const EMPTY: Record<FieldName, string> = { key: '', environment: 'test', partner_id: '', partner_email: '', partner_company_name: '', partner_contact_name: '', tier: '' };

/** A field left blank is not sent: the server then resolves the partner from what was given. */
function optional(v: string): string | undefined {
  const t = v.trim();
  return t ? t : undefined;
}

function AddKey({ onAdded }: { onAdded: (r: ExternalKeyAdded) => void }) {
  const [form, setForm] = useState(EMPTY);
  const set = (name: FieldName) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));
  const add = useAddExternalKey({
    onSuccess: (r) => {
      setForm(EMPTY);
      onAdded(r);
    },
  });
  // No partner with that id (404) is said at the id; a key another slot holds (409) at the key.
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(add.error, [...FIELDS], { 404: 'partner_id', 409: 'key' }, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({
      key: [check.filled(form.key, 'Enter the key (8 to 200 characters)'), check.atLeast(form.key, 8, 'A key has at least 8 characters')],
      partner_email: [
        !form.partner_id.trim() ? check.filled(form.partner_email, 'Enter the partner’s email, or its id above') : null,
        form.partner_email.trim() ? check.email(form.partner_email, 'Enter an email address, like name@example.com') : null,
      ],
    });
    if (passes(e.currentTarget, found)) {
      add.mutate({
        key: form.key.trim(),
        environment: form.environment as Environment,
        partner_id: optional(form.partner_id),
        partner_email: optional(form.partner_email),
        partner_company_name: optional(form.partner_company_name),
        partner_contact_name: optional(form.partner_contact_name),
        tier: optional(form.tier),
      });
    }
  };
  return (
    <section className="card" aria-labelledby="add-key-h">
      <div className="card-head">
        <h2 id="add-key-h">Add an external key</h2>
      </div>
      <p className="muted">
        The key goes to the partner with this id, or else to the partner with this email. An email no partner has, with a company name, creates
        the partner, already activated. A key already in the slot is replaced: the old one stops working.
      </p>
      <form className="form external-key-form" onSubmit={submit} noValidate aria-label="Add an external key">
        {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
        <div className="form-grid">
          <Field
            label="Key"
            name="key"
            autoComplete="off"
            spellCheck={false}
            hint="8 to 200 characters, as the partner sends it in X-API-Key."
            value={form.key}
            onChange={set('key')}
            error={errors.field('key')}
          />
          <SelectField label="Environment" id="xk-environment" name="environment" value={form.environment} onChange={set('environment')}>
            <option value="test">{ENV_LABEL.test}</option>
            <option value="live">{ENV_LABEL.live}</option>
          </SelectField>
          <Field label="Partner id" name="partner_id" autoComplete="off" spellCheck={false} value={form.partner_id} onChange={set('partner_id')} error={errors.field('partner_id')} />
          <Field label="Partner email" name="partner_email" type="email" autoComplete="off" value={form.partner_email} onChange={set('partner_email')} error={errors.field('partner_email')} />
          <Field
            label="Company name"
            name="partner_company_name"
            autoComplete="off"
            hint="Needed to create a partner."
            value={form.partner_company_name}
            onChange={set('partner_company_name')}
            error={errors.field('partner_company_name')}
          />
          <Field
            label="Contact name"
            name="partner_contact_name"
            autoComplete="off"
            hint="For a new partner; the company name if left blank."
            value={form.partner_contact_name}
            onChange={set('partner_contact_name')}
            error={errors.field('partner_contact_name')}
          />
          <Field label="Tier" name="tier" autoComplete="off" hint="For a new partner." value={form.tier} onChange={set('tier')} error={errors.field('tier')} />
        </div>
        <div className="actions">
          <Button type="submit" variant="primary" busy={add.isPending}>
            Add key
          </Button>
        </div>
      </form>
    </section>
  );
}

export function ExternalKeys() {
  useTitle('External keys');
  const [notice, setNotice] = useState<ReactNode>(null);
  const [deleting, setDeleting] = useState<ExternalKey | null>(null);
  const list = useExternalKeys();
  const del = useDeleteExternalKey({
    onSuccess: (_r, k) => {
      setDeleting(null);
      setNotice(`The ${ENV_LABEL[k.environment].toLowerCase()} key ${k.key_masked} of ${k.company_name} was deleted: it no longer works.`);
    },
  });
  const added = (r: ExternalKeyAdded) =>
    setNotice(
      <>
        Key <code>{r.key_masked}</code> stored in the {ENV_LABEL[r.environment].toLowerCase()} slot of{' '}
        <Link to={`/partners/${encodeURIComponent(r.partner_id)}`}>{r.company_name}</Link> ({r.email}){r.created_partner ? ': the partner was created.' : '.'}
      </>,
    );
  return (
    <div className="page">
      <div className="page-head">
        <h1>External keys</h1>
      </div>
      <p className="lede">
        API keys the service did not generate: added here, synced by the platform (<code>/api/v1/admin/keys/sync</code>) or pasted by a partner.
        Only their masked form is kept on show.
      </p>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      <AddKey onAdded={added} />
      <section className="card" aria-labelledby="keys-h">
        <div className="card-head">
          <h2 id="keys-h">Keys</h2>
          {list.data ? <span className="muted">{list.data.count === 1 ? '1 key' : `${list.data.count} keys`}</span> : null}
        </div>
        <QueryView query={list} failed="The external keys could not be loaded">
          {(data) => (
            <Table<ExternalKey>
              caption="External keys"
              hideCaption
              rows={data.items}
              rowKey={(k) => k.id}
              empty="No external keys: every partner uses keys the service generated."
              columns={[
                {
                  header: 'Partner',
                  cell: (k) => (
                    <>
                      <Link to={`/partners/${encodeURIComponent(k.partner_id)}`}>{k.company_name}</Link>
                      <br />
                      <span className="muted">{k.email}</span>
                    </>
                  ),
                },
                { header: 'Environment', cell: (k) => ENV_LABEL[k.environment] },
                { header: 'Key', cell: (k) => <code>{k.key_masked}</code> },
                { header: 'Source', cell: (k) => <code>{k.source}</code> },
                { header: 'Added', cell: (k) => <DateTime value={k.created_at} dateOnly /> },
                { header: 'Last rotated', cell: (k) => (k.last_rotated_at ? <DateTime value={k.last_rotated_at} dateOnly /> : '—') },
                {
                  header: <span className="visually-hidden">Actions</span>,
                  cell: (k) => (
                    <Button
                      variant="danger"
                      onClick={() => (del.reset(), setNotice(null), setDeleting(k))}
                      aria-label={`Delete the ${ENV_LABEL[k.environment].toLowerCase()} key ${k.key_masked} of ${k.company_name}`}
                    >
                      Delete
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </QueryView>
      </section>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the key ${deleting?.key_masked ?? ''}?`}
        confirmLabel="Delete"
        danger
        busy={del.isPending}
        error={del.error ? errorText(del.error) : null}
        onConfirm={() => deleting && del.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          The {deleting ? ENV_LABEL[deleting.environment].toLowerCase() : ''} key slot of {deleting?.company_name} is left blank: the key stops working
          at once, and the partner can paste or be given a new one.
        </p>
      </ConfirmDialog>
    </div>
  );
}
