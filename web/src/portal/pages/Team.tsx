import { useState } from 'react';
import { Banner, Button, check, ConfirmDialog, DateTime, Dialog, errorText, Field, formErrors, problemsOf, SelectField, Table, useTitle, type Column } from '../../shared';
import {
  useAccountSecurity,
  useChangeAccountSecurity,
  useChangeRole,
  useEndMemberSessions,
  useInviteMember,
  useMembers,
  useRemoveMember,
  useTransferOwnership,
  type InviteRole,
  type Member,
  type MemberRole,
} from '../api/members';
import { allowedFor, allowedTo, neededFor, roleAtLeast, ROLES, useRole, type PortalOperation, type Role } from '../permissions';
import { useMe } from '../session';

const ROLE_LABEL: Record<Role, string> = { viewer: 'Viewer', developer: 'Developer', admin: 'Admin', owner: 'Owner' };
const INVITE_ROLES: InviteRole[] = ['viewer', 'developer', 'admin'];

type Pending = { kind: 'remove' | 'sessions' | 'transfer'; member: Member } | null;

/** The least role that may call `operation` on `member`: the table's, and an owner's need the owner role (the service refuses an admin's change to an owner). */
const roleToManage = (member: Member, operation: PortalOperation): Role => (member.role === 'owner' ? 'owner' : neededFor(operation));

function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: (m: Member) => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('viewer');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const invite = useInviteMember({
    onSuccess: (m) => {
      setEmail('');
      setRole('viewer');
      onInvited(m);
    },
  });
  const errors = formErrors(invite.error, ['email', 'role'], { 409: 'email' }, problems);
  const send = () => {
    const found = problemsOf({ email: [check.filled(email, 'Enter the address to invite'), check.email(email, 'Enter an email address like name@example.com')] });
    setProblems(found);
    if (Object.keys(found).length === 0) invite.mutate({ email: email.trim(), role });
  };
  const close = () => {
    setProblems({});
    invite.reset();
    onClose();
  };
  return (
    <Dialog
      open={open}
      title="Invite a member"
      onClose={() => (invite.isPending ? undefined : close())}
      actions={
        <>
          <Button onClick={close} disabled={invite.isPending}>
            Cancel
          </Button>
          <Button variant="primary" busy={invite.isPending} onClick={send}>
            Send invitation
          </Button>
        </>
      }
    >
      <p>We mail a link to the address; it works for 7 days. The member chooses a name and password when following it.</p>
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Field label="Email" type="email" name="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} error={errors.field('email')} required />
        <SelectField label="Role" id="invite-role" error={errors.field('role')} name="role" value={role} onChange={(e) => setRole(e.target.value as InviteRole)}>
          {INVITE_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </SelectField>
      </form>
    </Dialog>
  );
}

/** The owner's rule that every member signs in with a second factor; shown to everyone, changed by the owner. */
function SignInRules({ role }: { role: Role }) {
  const security = useAccountSecurity();
  const change = useChangeAccountSecurity();
  const g = allowedTo(role, 'PATCH /api/partners/me/security');
  const without = security.data?.members_without_mfa ?? 0;
  return (
    <section className="card" aria-labelledby="sign-in-rules-title">
      <h2 id="sign-in-rules-title">Sign-in rules</h2>
      {security.isError ? <Banner tone="error">{errorText(security.error)}</Banner> : null}
      {change.isError ? <Banner tone="error">{errorText(change.error)}</Banner> : null}
      <label className="check" title={g.title}>
        <input
          type="checkbox"
          checked={security.data?.require_mfa ?? false}
          disabled={g.disabled || security.isPending || change.isPending}
          onChange={(e) => change.mutate(e.target.checked)}
        />
        <span>Require a second factor for every member</span>
      </label>
      <p className="muted">
        {security.data?.require_mfa
          ? 'A member without a second factor is asked to set one up at sign-in and can do nothing else until then.'
          : 'Each member chooses whether to turn on two-step sign-in. Turning this on needs your own second factor first.'}{' '}
        {security.data ? (without === 0 ? 'Every active member has one.' : `${without} active member${without === 1 ? ' has' : 's have'} none (see Second factor below).`) : null}
      </p>
    </section>
  );
}

/** An address that may break after its @ (and nowhere else) when the table is tight, so the row's actions stay on the page. */
function BreakableEmail({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <>{email}</>;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

export function Team() {
  useTitle('Team');
  const me = useMe();
  const role = useRole();
  const members = useMembers();
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const done = (text: string) => () => {
    setPending(null);
    setNotice(text);
  };
  const changeRole = useChangeRole({ onSuccess: (m) => setNotice(`${m.email} is now ${ROLE_LABEL[m.role].toLowerCase()}.`) });
  const remove = useRemoveMember({ onSuccess: done('The member was removed.') });
  const endSessions = useEndMemberSessions({ onSuccess: done('The member’s sessions ended: they must sign in again.') });
  const transfer = useTransferOwnership({ onSuccess: done('The ownership was transferred: you are now an admin.') });
  const selfId = me.member?.id ?? null;
  const act = pending?.kind === 'remove' ? remove : pending?.kind === 'sessions' ? endSessions : transfer;

  const columns: Column<Member>[] = [
    {
      header: 'Email',
      cell: (m) => (
        <>
          <BreakableEmail email={m.email} />
          {m.id === selfId ? ' (you)' : null}
        </>
      ),
    },
    { header: 'Name', cell: (m) => m.name ?? <span className="muted">Not yet given</span> },
    {
      header: 'Role',
      cell: (m) => {
        const blocked = m.id === selfId ? 'Your own role: another owner or admin changes it' : undefined;
        const g = allowedFor(role, roleToManage(m, 'PATCH /api/partners/me/members/{member_id}'), blocked);
        return (
          <select
            className="field-control"
            aria-label={`Role of ${m.email}`}
            value={m.role}
            disabled={g.disabled || changeRole.isPending}
            title={g.title}
            onChange={(e) => (setNotice(null), changeRole.mutate({ memberId: m.id, role: e.target.value as MemberRole }))}
          >
            {ROLES.map((r) => (
              <option key={r} value={r} disabled={!roleAtLeast(role, r === 'owner' ? neededFor('POST /api/partners/me/members/transfer-ownership') : neededFor('PATCH /api/partners/me/members/{member_id}'))}>
                {ROLE_LABEL[r]}
              </option>
            ))}
          </select>
        );
      },
    },
    {
      header: 'Status',
      cell: (m) =>
        m.status === 'active' ? (
          <span className="status status-ok">Active</span>
        ) : (
          <span className="status status-pending" title={m.invitation_expires_at ? `The invitation works until ${m.invitation_expires_at}` : undefined}>
            Invited
          </span>
        ),
    },
    { header: 'Second factor', cell: (m) => (m.mfa_enabled ? 'On' : 'Off') },
    { header: 'Last sign-in', cell: (m) => (m.last_sign_in_at ? <DateTime value={m.last_sign_in_at} /> : <span className="muted">Never</span>) },
    {
      header: 'Actions',
      cell: (m) => {
        const self = m.id === selfId ? 'This is you: see your own sessions on the Account page' : undefined;
        return (
          <div className="actions member-actions">
            <Button {...allowedFor(role, roleToManage(m, 'POST /api/partners/me/members/{member_id}/sessions/revoke'), self ?? (m.status === 'invited' ? 'An invited member has no session yet' : undefined))} onClick={() => (setNotice(null), endSessions.reset(), setPending({ kind: 'sessions', member: m }))}>
              End sessions
            </Button>
            <Button variant="danger" {...allowedFor(role, roleToManage(m, 'DELETE /api/partners/me/members/{member_id}'), self)} onClick={() => (setNotice(null), remove.reset(), setPending({ kind: 'remove', member: m }))}>
              Remove
            </Button>
            {m.role !== 'owner' ? (
              <Button
                {...allowedTo(role, 'POST /api/partners/me/members/transfer-ownership', self ?? (m.status === 'invited' ? 'Only an active member can become the owner' : undefined))}
                onClick={() => (setNotice(null), transfer.reset(), setPending({ kind: 'transfer', member: m }))}
              >
                Make owner
              </Button>
            ) : null}
          </div>
        );
      },
    },
  ];

  return (
    <div className="page">
      <div className="page-head">
        <h1>Team</h1>
        <Button variant="primary" {...allowedTo(role, 'POST /api/partners/me/members')} onClick={() => (setNotice(null), setInviting(true))}>
          Invite a member
        </Button>
      </div>
      <p className="lede">
        Everyone who signs in to this account, with their role. A viewer reads; a developer also manages keys and webhooks; an admin also manages members; an owner
        everything.{' '}
        {roleAtLeast(role, neededFor('POST /api/partners/me/members')) ? null : (
          <>
            You are signed in as {role === 'developer' ? 'a developer' : 'a viewer'}: changing the team needs the {neededFor('POST /api/partners/me/members')} role.
          </>
        )}
      </p>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {changeRole.isError ? <Banner tone="error">{errorText(changeRole.error)}</Banner> : null}
      <SignInRules role={role} />
      {members.isPending ? (
        <section className="card" aria-busy="true">
          <p className="muted">Loading the members…</p>
        </section>
      ) : members.isError ? (
        <Banner tone="error" title="The members could not be loaded" action={<Button onClick={() => void members.refetch()}>Try again</Button>}>
          {members.error.message}
        </Banner>
      ) : (
        <section className="card">
          <Table caption={`Members (${members.data.count})`} className="table-compact" columns={columns} rows={members.data.items} rowKey={(m) => m.id} empty="No members yet." />
        </section>
      )}
      <InviteDialog
        open={inviting}
        onClose={() => setInviting(false)}
        onInvited={(m) => {
          setInviting(false);
          setNotice(`Invitation mailed to ${m.email}.`);
        }}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'remove'
            ? `Remove ${pending.member.email}?`
            : pending?.kind === 'sessions'
              ? `End the sessions of ${pending.member.email}?`
              : `Make ${pending?.member.email ?? ''} the owner?`
        }
        confirmLabel={pending?.kind === 'remove' ? 'Remove member' : pending?.kind === 'sessions' ? 'End sessions' : 'Transfer ownership'}
        danger
        busy={act.isPending}
        error={act.isError ? errorText(act.error) : null}
        onConfirm={() => (pending ? act.mutate(pending.member.id) : undefined)}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending?.kind === 'remove'
            ? pending.member.status === 'invited'
              ? 'The invitation is withdrawn: its link stops working.'
              : 'They can no longer sign in, and their open sessions end at once.'
            : pending?.kind === 'sessions'
              ? 'They are signed out everywhere and must sign in again.'
              : 'They become the owner and you become an admin.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
