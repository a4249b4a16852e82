/**
 * The Security card of both Account pages (a partner's, an administrator's): set up an authenticator app
 * (its QR code and secret, then a code), the recovery codes shown once with Copy, new recovery codes, and
 * turning the second factor off (`enabled`: the app's; `passkey`: whether a passkey is a factor already). Each entry brings its own calls (shared/api/mfa.ts's `MfaCalls`).
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { useConfirmTotp, useDisableTotp, useRegenerateRecoveryCodes, useSetupTotp, type MfaCalls, type TotpSetup } from './api/mfa';
import { Banner } from './Banner';
import { Button } from './Button';
import { CopyButton } from './CopyButton';
import { Dialog } from './Dialog';
import { Field } from './Field';
import { check, errorText, formErrors, problemsOf, useFieldProblems } from './forms';

const CODE_HINT = 'The 6-digit code your authenticator app shows now.';

/** Ten recovery codes, shown this once, with Copy. */
function RecoveryCodeList({ codes }: { codes: string[] }) {
  return (
    <div className="recovery-codes">
      <Banner tone="warning" title="Save your recovery codes now">
        Each code signs you in once if you lose your authenticator app. They are shown only this once.
      </Banner>
      <ol className="recovery-code-list" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="actions">
        <CopyButton text={codes.join('\n')} what="Recovery codes" />
      </div>
    </div>
  );
}

/** The pending set-up: scan the QR code (or type the secret), then a code turns it on. */
function Enrol({ calls, setup, onCodes, onCancel }: { calls: MfaCalls; setup: TotpSetup; onCodes: (codes: string[]) => void; onCancel: () => void }) {
  const [code, setCode] = useState('');
  const confirm = useConfirmTotp(calls, { onSuccess: (r) => onCodes(r.recovery_codes) });
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(confirm.error, ['code'], { 401: 'code' }, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({ code: [check.filled(code, 'Enter the 6-digit code from your app')] });
    if (passes(e.currentTarget, found)) confirm.mutate(code);
  };
  return (
    <div className="mfa-enrol">
      <p>Scan this QR code with an authenticator app (1Password, Google Authenticator, Authy…):</p>
      <img className="qr" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`} alt="QR code of the authenticator app key" width="200" height="200" />
      <p>Or type this key into the app:</p>
      <div className="key-value">
        <code data-testid="totp-secret">{setup.secret}</code>
      </div>
      <div className="actions">
        <CopyButton text={setup.secret} what="Key" />
      </div>
      <form className="form form-narrow" onSubmit={submit} noValidate aria-label="Confirm the authenticator app">
        {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
        <Field
          label="Code from the app"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          hint={CODE_HINT}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={errors.field('code')}
        />
        <div className="actions">
          <Button type="submit" variant="primary" busy={confirm.isPending}>
            Turn on
          </Button>
          <Button onClick={onCancel}>Cancel</Button>
        </div>
      </form>
    </div>
  );
}

/** Turning the factor off: the password or a current code (of the app, or a recovery code). */
function DisableDialog({ calls, open, onClose, onDone }: { calls: MfaCalls; open: boolean; onClose: () => void; onDone: () => void }) {
  const [password, setPassword] = useState('');
  const disable = useDisableTotp(calls, {
    onSuccess: () => {
      setPassword('');
      onDone();
    },
  });
  return (
    <Dialog open={open} title="Turn off the second factor?" onClose={onClose}>
      <form
        className="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (password !== '') disable.mutate({ password });
        }}
      >
        <p>Signing in will need your password only. Enter your password to confirm.</p>
        {disable.isError ? <Banner tone="error">{errorText(disable.error)}</Banner> : null}
        <Field label="Password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="actions">
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <Button type="submit" variant="danger" busy={disable.isPending} disabled={password === ''}>
            Turn off
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** New recovery codes for a current code of the app. */
function Regenerate({ calls, onCodes }: { calls: MfaCalls; onCodes: (codes: string[]) => void }) {
  const [code, setCode] = useState('');
  const regen = useRegenerateRecoveryCodes(calls, {
    onSuccess: (r) => {
      setCode('');
      onCodes(r.recovery_codes);
    },
  });
  const { problems, passes } = useFieldProblems();
  const errors = formErrors(regen.error, ['code'], { 401: 'code' }, problems);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const found = problemsOf({ code: [check.filled(code, 'Enter the 6-digit code from your app')] });
    if (passes(e.currentTarget, found)) regen.mutate(code);
  };
  return (
    <form className="form form-narrow" onSubmit={submit} noValidate aria-label="New recovery codes">
      {errors.form ? <Banner tone="error">{errors.form}</Banner> : null}
      <Field
        label="Code from the app"
        name="regenerate_code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        hint="New recovery codes replace the old ones."
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.field('code')}
      />
      <div className="actions">
        <Button type="submit" busy={regen.isPending}>
          New recovery codes
        </Button>
      </div>
    </form>
  );
}

/**
 * `required`: why a second factor must be set up before anything else opens (shown above the set-up);
 * `onSaved`: the recovery codes were saved (a page held to enrolment opens only then, not when the factor turns on);
 * `passkey`: a passkey is a factor already (the app would be a second way).
 */
export function SecurityCard({
  calls,
  enabled,
  required,
  onSaved,
  passkey = false,
}: {
  calls: MfaCalls;
  enabled: boolean;
  required?: string;
  onSaved?: () => void;
  passkey?: boolean;
}) {
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const start = useSetupTotp(calls, {
    onSuccess: (s) => {
      setNotice(null);
      setSetup(s);
    },
  });
  return (
    <section className="card" aria-labelledby="security-title">
      <h2 id="security-title">Security</h2>
      {notice ? <Banner tone="success">{notice}</Banner> : null}
      {codes ? (
        <>
          {enabled ? <Banner tone="success">Two-step sign-in is on.</Banner> : null}
          <RecoveryCodeList codes={codes} />
          <div className="actions">
            <Button onClick={() => (setCodes(null), onSaved?.())}>I have saved them</Button>
          </div>
        </>
      ) : enabled ? (
        <>
          <p>
            <span className="status status-ok">Two-step sign-in is on</span> Signing in asks for a code of your authenticator app after your password.
          </p>
          <Regenerate calls={calls} onCodes={setCodes} />
          <div className="actions">
            <Button variant="danger" onClick={() => setDisabling(true)}>
              Turn off two-step sign-in
            </Button>
          </div>
        </>
      ) : setup ? (
        <Enrol
          calls={calls}
          setup={setup}
          onCodes={(c) => {
            setSetup(null);
            setCodes(c);
          }}
          onCancel={() => setSetup(null)}
        />
      ) : (
        <>
          {required ? (
            <Banner tone="warning" title="Set up two-step sign-in to continue">
              {required}
            </Banner>
          ) : null}
          {passkey ? (
            <p>No authenticator app is set up: after your password, signing in asks for one of your passkeys. An app adds a second way to confirm it is you.</p>
          ) : (
            <p>Two-step sign-in is off. With it on, signing in also asks for a code of an authenticator app on your phone.</p>
          )}
          {start.isError ? <Banner tone="error">{errorText(start.error)}</Banner> : null}
          <div className="actions">
            <Button variant="primary" busy={start.isPending} onClick={() => start.mutate()}>
              Set up an authenticator app
            </Button>
          </div>
        </>
      )}
      <DisableDialog
        calls={calls}
        open={disabling}
        onClose={() => setDisabling(false)}
        onDone={() => {
          setDisabling(false);
          setNotice('Two-step sign-in is off.');
        }}
      />
    </section>
  );
}

/**
 * The page an account held to enrolment sees instead of any other (its operations answer 403 `mfa_enrolment_required`
 * until a factor is confirmed): `required` says why; `onSaved` follows the recovery codes' "I have saved them"; `children`
 * offer the other ways (the entry's Passkeys card).
 */
export function MfaEnrolmentPage({ calls, required, onSaved, children }: { calls: MfaCalls; required: string; onSaved?: () => void; children?: ReactNode }) {
  return (
    <div className="page">
      <div className="page-head">
        <h1>Set up two-step sign-in</h1>
      </div>
      <SecurityCard calls={calls} enabled={false} required={required} onSaved={onSaved} />
      {children}
    </div>
  );
}
