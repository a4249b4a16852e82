/**
 * The admin console in a browser, against the built server: sign-in (and its lockout), a partner's
 * session turned away, the partners table and a partner's page, incidents and deletion requests,
 * each action checked through the API as a partner's server (or the status page) sees it; and the
 * two entries load none of each other's code.
 */
import type { Page } from '@playwright/test';
import { ADMIN } from './admin.js';
import { calculate, expect, keysOf, newPartner, signUp, snap, test } from './fixtures.js';
import { allowSignedOut, signInAsAdmin } from './admin-session.js';

/** A partner signed up through the API in a context of its own (the page's cookie stays the admin's), with its keys. */
async function partnerWithKeys(page: Page, label = 'Acme') {
  const who = await signUp(page, newPartner(label));
  const id = who.id;
  const keys = await keysOf(page);
  // The registration's cookie replaced the page's: back to signed out, the caller signs in as admin.
  await page.request.post('/api/auth/partner/logout');
  const key = (env: string) => keys.find((k) => k.environment === env)!.key;
  return { ...who, id, test: key('test'), live: key('live') };
}

test.describe('admin sign-in', () => {
  test('sign in, the navigation, sign out', async ({ page, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    await page.goto('/admin/');
    await expect(page).toHaveURL(/\/admin\/sign-in$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle(/Sign in/);
    await snap(page, 'admin-sign-in');
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/partners$/);
    // The navigation as the page lists it: each link opens its page, headed and titled by the link's words.
    const nav = page.getByRole('navigation', { name: 'Admin console' });
    await expect(nav.getByRole('link').first()).toBeVisible();
    const links = await nav.getByRole('link').evaluateAll((as) => as.map((a) => ({ label: a.textContent ?? '', path: new URL((a as HTMLAnchorElement).href).pathname })));
    expect(links.length).toBeGreaterThan(0);
    for (const { label, path } of links) {
      const link = nav.getByRole('link', { name: label, exact: true });
      await link.click();
      await expect(page).toHaveURL((url) => url.pathname === path);
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(page.getByRole('heading', { name: label, level: 1 })).toBeVisible();
      await expect(page).toHaveTitle(`${label} · Admin console`);
    }
    expect(await page.evaluate(() => [document.cookie, localStorage.length, sessionStorage.length])).toEqual(['', 0, 0]);

    // An administrator's session opens none of the portal's data.
    expect((await page.request.get('/api/auth/partner/me')).status()).toBeGreaterThanOrEqual(401);
    expect((await page.request.get('/api/partners/me/api-keys')).status()).toBeGreaterThanOrEqual(401);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByText('You are signed out.')).toBeVisible();
    expect((await page.request.get('/api/auth/admin/me')).status()).toBe(401);
    await page.goto('/admin/incidents');
    await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fincidents$/);
    await page.getByLabel('Email').fill(ADMIN.email);
    await page.getByLabel('Password').fill(ADMIN.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Incidents' })).toBeVisible();
  });

  test('a wrong password shows the error; repeated failures show when to try again', async ({ page, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    consoleErrors.allow(/status of 401 .*\/api\/auth\/admin\/login$/);
    consoleErrors.allow(/status of 429 .*\/api\/auth\/admin\/login$/);
    await page.goto('/admin/sign-in');
    // Not the real administrator's email: its lockout would hold for the other tests.
    await page.getByLabel('Email').fill('someone-else@example.com');
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText(/Incorrect email or password/);
    for (let i = 0; i < 4; i++) {
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    }
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText(/Too many failed sign-in attempts: try again at \d{1,2}:\d{2}\s?[AP]M \(in 15 minutes\)\./);
    await snap(page, 'admin-sign-in-locked');
  });

  test('a partner’s session opening /admin/ is told it needs an administrator', async ({ page, consoleErrors }) => {
    consoleErrors.allow(/status of 403 .*\/api\/auth\/admin\/me$/);
    await signUp(page, newPartner());
    expect((await page.request.get('/api/auth/admin/me')).status()).toBe(403);
    await page.goto('/admin/partners');
    await expect(page.getByText('This needs an administrator')).toBeVisible();
    await expect(page.getByRole('link', { name: 'partner portal' })).toHaveAttribute('href', '/portal/');
    await expect(page.getByRole('heading', { name: 'Partners' })).toHaveCount(0);
    await snap(page, 'admin-needs-administrator');
  });
});

test.describe('partners', () => {
  test('the table: search by company or email, sort, a link to the partner', async ({ page, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    const a = await partnerWithKeys(page, 'Zeta');
    const b = await partnerWithKeys(page, 'Alpha');
    await signInAsAdmin(page);
    // Zeta calls: 3 in the sandbox, and in production (once enabled) 3 calls for 2 end-users.
    expect((await page.request.post(`/api/admin/partners/${a.id}/production-access`, { data: { enabled: true } })).status()).toBe(200);
    for (const [key, user] of [[a.test, 's1'], [a.test, 's2'], [a.test, 's1'], [a.live, 'u1'], [a.live, 'u2'], [a.live, 'u1']]) {
      expect(await calculate(page.request, key, user)).toBe(200);
    }
    await page.reload();
    const table = page.getByRole('table');
    await expect(table.getByRole('link', { name: a.company_name })).toBeVisible();
    await expect(table.getByRole('link', { name: b.company_name })).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveText(
      ['Company', 'Tier', 'Access', 'Created', 'Calls', 'End-users', 'Est. bill', 'Sandbox calls'].map((t, i) => (i === 3 ? `${t}▼` : t)),
    );
    await snap(page, 'admin-partners');
    // This month's figures, as the partner's own GET /api/v1/usage gives them.
    const own = (await (await page.request.get('/api/v1/usage', { headers: { 'x-api-key': a.test } })).json()) as {
      production: { calls: number; unique_end_users: number; estimated_bill_usd: number };
    };
    expect(own.production).toEqual({ calls: 3, unique_end_users: 2, estimated_bill_usd: 0.1 });
    const zeta = table.getByRole('row').filter({ has: page.getByRole('link', { name: a.company_name }) });
    await expect(zeta.getByRole('cell')).toHaveText([`${a.company_name}${a.email}`, 'standard', 'ActiveProduction', /\d/, '3', '2', '$0.10', /^[34]$/]);
    const alpha = table.getByRole('row').filter({ has: page.getByRole('link', { name: b.company_name }) });
    await expect(alpha.getByRole('cell')).toHaveText([`${b.company_name}${b.email}`, 'standard', 'ActiveSandbox only', /\d/, '0', '0', '$0.00', '0']);
    // At 1,280 px the whole table fits: no sideways scroll.
    const wrap = page.locator('.table-wrap');
    expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);

    // Company, ascending: Alpha before Zeta.
    await page.getByRole('button', { name: /^Company/ }).click();
    const names = await table.getByRole('link').allTextContents();
    expect(names.indexOf(b.company_name)).toBeLessThan(names.indexOf(a.company_name));
    await page.getByRole('button', { name: /^Company/ }).click();
    const desc = await table.getByRole('link').allTextContents();
    expect(desc.indexOf(b.company_name)).toBeGreaterThan(desc.indexOf(a.company_name));

    await page.getByLabel('Search by company or email').fill(a.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=/);
    await expect(table.getByRole('link')).toHaveText([a.company_name]);
    await page.getByLabel('Search by company or email').fill(b.company_name);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(table.getByRole('link')).toHaveText([b.company_name]);
    await page.getByLabel('Search by company or email').fill('no such partner anywhere');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No partner matches this search.')).toBeVisible();

    await page.getByLabel('Search by company or email').fill(a.company_name);
    await page.getByRole('button', { name: 'Search' }).click();
    await table.getByRole('link', { name: a.company_name }).click();
    await expect(page.getByRole('heading', { name: a.company_name, level: 1 })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/partners/${a.id}$`));
  });

  test('a partner’s page: regenerate, clear, suspend, reactivate, seed, delete — each seen through the API', async ({ page, request, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    const p = await partnerWithKeys(page);
    await signInAsAdmin(page);
    await page.goto(`/admin/partners/${p.id}`);
    await expect(page.getByRole('heading', { name: p.company_name, level: 1 })).toBeVisible();
    await expect(page.getByText(p.email, { exact: false }).first()).toBeVisible();
    const sandbox = page.getByRole('region', { name: 'Sandbox key' });
    await expect(sandbox.locator('code')).not.toContainText(p.test);
    expect(await calculate(request, p.test)).toBe(200);
    await snap(page, 'admin-partner');

    // Regenerate: the new key is shown once, the old one fails.
    await sandbox.getByRole('button', { name: 'Regenerate key' }).click();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await page.getByRole('dialog').getByRole('button', { name: 'Regenerate key' }).click();
    const fresh = (await page.getByTestId('new-key').textContent())!;
    expect(fresh).toMatch(/^svc_test_/);
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Copy' })).toBeVisible();
    await snap(page, 'admin-partner-new-key');
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await calculate(request, p.test)).toBe(401);
    expect(await calculate(request, fresh)).toBe(200);

    // Suspend: the key answers 403; reactivate: it works again (the access card's own test follows).
    const access = page.getByRole('region', { name: 'Access' });
    await access.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(access.getByText(/^Suspended/)).toBeVisible();
    await expect.poll(() => calculate(request, fresh)).toBe(403);
    await access.getByRole('button', { name: 'Reactivate' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Reactivate' }).click();
    await expect(access.getByText('Active', { exact: true })).toBeVisible();
    await expect.poll(() => calculate(request, fresh)).toBe(200);

    // Clear the sandbox key: the slot is blank and the key fails.
    await sandbox.getByRole('button', { name: 'Clear key' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Clear key' }).click();
    await expect(sandbox.getByText('No key')).toBeVisible();
    expect(await calculate(request, fresh)).toBe(401);

    // Seed demo data: a bad Days is said next to the field, then a good one.
    consoleErrors.allow(/status of 422 .*seed-demo/);
    await page.getByLabel('Days').fill('0');
    await page.getByRole('button', { name: 'Seed demo data' }).click();
    await expect(page.locator('.field-error')).toBeVisible();
    await page.getByLabel('Days').fill('7');
    await page.getByRole('button', { name: 'Seed demo data' }).click();
    await expect(page.getByText(/demo events stored/)).toBeVisible();

    // The audit entries of what was done.
    const audit = page.getByRole('region', { name: 'Recent audit entries' });
    await page.reload();
    await expect(audit.getByText('admin.key.regenerate')).toBeVisible();
    await expect(audit.getByText('partner.suspend')).toBeVisible();

    // Delete: asks for the company name typed out, says what goes.
    await page.getByRole('button', { name: 'Delete partner' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(/both API keys/)).toBeVisible();
    const confirm = dialog.getByRole('button', { name: 'Delete partner' });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Type the company name/).fill('wrong name');
    await expect(confirm).toBeDisabled();
    await snap(page, 'admin-partner-delete');
    await dialog.getByLabel(/Type the company name/).fill(p.company_name);
    await confirm.click();
    await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
    await expect(page.getByText(`${p.company_name} was deleted.`)).toBeVisible();
    expect(await calculate(request, p.live)).toBe(401);
    const after = await page.request.delete(`/api/admin/partners/${p.id}`);
    expect(after.status()).toBe(404);
    // The deleted partner's page asks for it (and may ask for its usage) and is told 404, which the browser logs.
    consoleErrors.allow(new RegExp(`status of 404 .*/api/admin/partners/${p.id}(/usage\\?.*)?$`));
    await page.goto(`/admin/partners/${p.id}`);
    await expect(page.getByText('No such partner')).toBeVisible();
  });
});

test.describe('a partner’s access', () => {
  test('reactivating a suspended sandbox-only partner leaves production off; enabling production is its own confirmed action; each is an audit entry', async ({ page, request, consoleErrors }) => {
    allowSignedOut(consoleErrors);
    const p = await partnerWithKeys(page, 'Sandbox Only');
    await signInAsAdmin(page);
    await page.goto(`/admin/partners/${p.id}`);
    const access = page.getByRole('region', { name: 'Access' });
    await expect(access.getByText(/^Not enabled: the production key answers 403/)).toBeVisible();
    const state = async () => {
      const r = await page.request.get(`/api/admin/partners/${p.id}`);
      const b = (await r.json()) as { active: boolean; production_enabled: boolean };
      return `${b.active ? 'active' : 'suspended'}, production ${b.production_enabled ? 'on' : 'off'}`;
    };

    await access.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
    await expect(access.getByText(/^Suspended/)).toBeVisible();
    expect(await state()).toBe('suspended, production off');

    // Reactivate asks first, says production stays off, and leaves it off.
    await access.getByRole('button', { name: 'Reactivate' }).click();
    const reactivate = page.getByRole('dialog', { name: `Reactivate ${p.company_name}?` });
    await expect(reactivate.getByText(/Production access stays off: enabling it is a separate action/)).toBeVisible();
    await expect(reactivate.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await snap(page, 'admin-partner-reactivate');
    await reactivate.getByRole('button', { name: 'Reactivate' }).click();
    await expect(access.getByText('Active', { exact: true })).toBeVisible();
    await expect(access.getByText(/^Not enabled/)).toBeVisible();
    expect(await state()).toBe('active, production off');
    expect(await calculate(request, p.test)).toBe(200);
    expect(await calculate(request, p.live)).toBe(403);

    // Enable production: asked first (Cancel changes nothing), then the live key works.
    await access.getByRole('button', { name: 'Enable production' }).click();
    const enable = page.getByRole('dialog', { name: `Enable production for ${p.company_name}?` });
    await expect(enable.getByText(/count toward the partner’s bill/)).toBeVisible();
    await enable.getByRole('button', { name: 'Cancel' }).click();
    expect(await state()).toBe('active, production off');
    await access.getByRole('button', { name: 'Enable production' }).click();
    await enable.getByRole('button', { name: 'Enable production' }).click();
    await expect(access.getByText(/^Enabled since .*: the production key works and is billed\.$/)).toBeVisible();
    await snap(page, 'admin-partner-access');
    expect(await state()).toBe('active, production on');
    await expect.poll(() => calculate(request, p.live)).toBe(200);

    // Disable production: the live key answers 403 again; the sandbox key still works.
    await access.getByRole('button', { name: 'Disable production' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Disable production' }).click();
    await expect(access.getByText(/^Not enabled/)).toBeVisible();
    expect(await state()).toBe('active, production off');
    await expect.poll(() => calculate(request, p.live)).toBe(403);
    expect(await calculate(request, p.test)).toBe(200);

    // One audit entry per action, in order.
    const log = await page.request.get(`/api/admin/audit-log?target_id=${p.id}`);
    const actions = ((await log.json()) as { items: { action: string }[] }).items
      .map((e) => e.action)
      .filter((a) => /^partner\.(suspend|activate|production_access\.)/.test(a))
      .reverse();
    expect(actions).toEqual(['partner.suspend', 'partner.activate', 'partner.production_access.enable', 'partner.production_access.disable']);
  });
});

test('incidents: open, update, resolve, with the components they affect — shown on the status page', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Incidents' }).click();
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
  const title = `Slow answers ${Date.now().toString(36)}`;

  consoleErrors.allow(/status of 422 .*\/api\/admin\/incidents$/);
  await page.getByRole('button', { name: 'Open incident' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Open incident' }).click();
  await expect(dialog.locator('.field-error').first()).toBeVisible();
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Summary').fill('Calculations take longer than usual.');
  await dialog.getByLabel('Impact').selectOption('major');
  // The components it affects: a group of checkboxes named by its legend, one per component of the status page.
  const picker = dialog.getByRole('group', { name: 'Affected components' });
  expect(await picker.getByRole('checkbox').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).labels?.[0]?.textContent))).toEqual([
    'Partner API',
    'Database',
    'Ingest',
    'Webhooks',
  ]);
  await picker.getByRole('checkbox', { name: 'Webhooks' }).check();
  // By keyboard too: Space checks the focused box.
  await picker.getByRole('checkbox', { name: 'Partner API' }).focus();
  await page.keyboard.press('Space');
  await expect(picker.getByRole('checkbox', { name: 'Partner API' })).toBeChecked();
  await snap(page, 'admin-incident-new');
  await dialog.getByRole('button', { name: 'Open incident' }).click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Impact: Major · affects Partner API, Webhooks');
  type Shown = { title: string; status: string; impact: string; components: string[] };
  const status = async () => ((await (await request.get('/api/platform/status')).json()) as { incidents: Shown[] }).incidents.find((i) => i.title === title);
  await expect.poll(status).toMatchObject({ status: 'investigating', impact: 'major', components: ['partner_api', 'webhooks'] });

  // The open incident's form starts from what it is: status, impact and components.
  await expect(card.getByLabel('Impact')).toHaveValue('major');
  const cardPicker = card.getByRole('group', { name: 'Affected components' });
  await expect(cardPicker.getByRole('checkbox', { name: 'Partner API' })).toBeChecked();
  await expect(cardPicker.getByRole('checkbox', { name: 'Webhooks' })).toBeChecked();
  await expect(cardPicker.getByRole('checkbox', { name: 'Ingest' })).not.toBeChecked();
  await card.getByLabel('Status').selectOption('identified');
  await card.getByLabel('Impact').selectOption('minor');
  await cardPicker.getByRole('checkbox', { name: 'Webhooks' }).uncheck();
  await cardPicker.getByRole('checkbox', { name: 'Ingest' }).check();
  await card.getByLabel('Update message').fill('The cause is found.');
  await card.getByRole('button', { name: 'Update incident' }).click();
  await expect(page.getByRole('article', { name: title }).getByText(/Identified: The cause is found\./)).toBeVisible();
  await expect(page.getByRole('article', { name: title })).toContainText('Impact: Minor · affects Partner API, Ingest');
  await expect.poll(status).toMatchObject({ status: 'identified', impact: 'minor', components: ['partner_api', 'ingest'] });
  await snap(page, 'admin-incidents');

  // The public status page shows it among the open incidents, with the components it affects and its latest update,
  // and the headline does not say everything is fine.
  await page.goto('/status');
  const shown = page.getByRole('region', { name: 'Open incidents' }).getByRole('article', { name: title });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Identified');
  await expect(shown).toContainText('Minor impact · Affects Partner API, Ingest');
  await expect(shown).toContainText('Calculations take longer than usual.');
  await expect(shown.getByRole('list', { name: /^Updates of/ }).getByRole('listitem').first()).toContainText('The cause is found.');
  await expect(page.getByRole('heading', { name: 'All systems operational' })).toHaveCount(0);
  const components = page.getByRole('region', { name: 'Components' });
  for (const name of ['Partner API', 'Ingest']) {
    const item = components.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 3 }) });
    await expect(item.getByRole('link', { name: title })).toBeVisible();
    await expect(item).toContainText(/Degraded performance|Outage/);
  }
  await expect(components.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Webhooks', level: 3 }) }).getByRole('link', { name: title })).toHaveCount(0);
  await snap(page, 'status-incident');

  await page.goto('/admin/incidents');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Resolve' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Resolve' }).click();
  const past = page.getByRole('region', { name: 'Past' });
  await expect(past.getByRole('article', { name: title })).toBeVisible();
  await expect.poll(status).toMatchObject({ status: 'resolved' });

  // Resolved: off the open incidents, among those of the last 7 days; it no longer marks its components.
  await page.goto('/status');
  const resolved = page.getByRole('region', { name: 'Resolved in the last 7 days' }).getByRole('article', { name: title });
  await expect(resolved).toBeVisible();
  await expect(resolved).toContainText('Resolved');
  await expect(page.getByRole('article', { name: title })).toHaveCount(1);
  await expect(components.getByRole('link', { name: title })).toHaveCount(0);
});

test('deletion requests: newest first, Status filter, status change with Notes, Delete', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const tag = Date.now().toString(36);
  const first = `first-${tag}@example.com`;
  const second = `second-${tag}@example.com`;
  for (const email of [first, second]) {
    const r = await request.post('/api/auth/request-deletion', { data: { email, name: 'Ada', reason: 'Leaving' } });
    expect(r.status(), await r.text()).toBeLessThan(300);
  }
  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Deletion requests' }).click();
  await expect(page.getByRole('heading', { name: 'Deletion requests' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByText(second)).toBeVisible();
  const emails = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).filter((e) => e.endsWith(`${tag}@example.com`));
  expect(emails).toEqual([second, first]);
  await snap(page, 'admin-deletion-requests');

  await page.getByRole('button', { name: `Change status of ${first}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption('in_progress');
  await dialog.getByLabel('Notes').fill('Checking the account');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText('In progress');
  await expect(table.getByRole('row').filter({ hasText: first })).toContainText('Checking the account');

  await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
  await expect(table.getByText(first)).toBeVisible();
  await expect(table.getByText(second)).toHaveCount(0);
  await page.getByLabel('Status', { exact: true }).selectOption('');

  await page.getByRole('button', { name: `Delete the request of ${second}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(table.getByText(second)).toHaveCount(0);
  const left = (await (await page.request.get('/api/admin/deletion-requests')).json()) as { items: { email: string; status: string; notes: string | null }[] };
  expect(left.items.find((i) => i.email === second)).toBeUndefined();
  expect(left.items.find((i) => i.email === first)).toMatchObject({ status: 'in_progress', notes: 'Checking the account' });
});

test('the portal’s page loads no admin code, and the console none of the portal’s', async ({ request }) => {
  const scripts = async (url: string) => {
    const r = await request.get(url);
    expect(r.status()).toBe(200);
    const html = await r.text();
    return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  };
  const portal = await scripts('/portal/');
  const admin = await scripts('/admin/partners');
  expect(portal.some((s) => /\/portal-/.test(s))).toBe(true);
  expect(admin.some((s) => /\/admin-/.test(s))).toBe(true);
  expect(portal.filter((s) => /\/admin-/.test(s))).toEqual([]);
  expect(admin.filter((s) => /\/portal-|CallsChart/.test(s))).toEqual([]);
  // Nor do the chunks they load import the other's: the shared chunk names neither entry.
  for (const s of [...portal, ...admin].filter((x) => !/\/(portal|admin)-/.test(x))) {
    const body = await (await request.get(s)).text();
    expect(body).not.toMatch(/admin-[A-Za-z0-9_-]+\.js|Admin console|Deletion requests/);
  }
  const adminJs = await (await request.get(admin.find((s) => /\/admin-/.test(s))!)).text();
  expect(adminJs).not.toMatch(/portal-[A-Za-z0-9_-]+\.js|Partner portal/);
  const portalJs = await (await request.get(portal.find((s) => /\/portal-/.test(s))!)).text();
  expect(portalJs).not.toMatch(/Admin console|Deletion requests|\/api\/admin\//);
});

test('a deletion request completed here erases the person’s partner account, and the page says what was erased', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const person = await partnerWithKeys(page, 'Erasable');
  expect((await request.get('/api/v1/me', { headers: { 'x-api-key': person.test } })).status()).toBe(200);
  const asked = await request.post('/api/auth/request-deletion', { data: { email: person.email, name: 'Ada', reason: 'Leaving' } });
  expect(asked.status(), await asked.text()).toBeLessThan(300);

  await signInAsAdmin(page);
  await page.getByRole('link', { name: 'Deletion requests' }).click();
  await page.getByRole('button', { name: `Change status of ${person.email}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Status').selectOption('completed');
  await expect(dialog.getByText(/Completing erases, at once/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Complete and erase' }).click();
  const done = page.getByRole('status').filter({ hasText: `The request of ${person.email} is completed` });
  await expect(done).toContainText('Erased 1 partner account(s)');
  await expect(page.getByRole('row').filter({ hasText: person.email })).toContainText('Erased 1 partner account(s)');
  await snap(page, 'admin-deletion-completed');

  // Through the API: the account and its keys are gone, and the request records what was erased.
  expect((await request.get('/api/v1/me', { headers: { 'x-api-key': person.test } })).status()).toBe(401);
  const found = (await (await page.request.get(`/api/admin/partners?q=${encodeURIComponent(person.email)}`)).json()) as { items: unknown[] };
  expect(found.items).toEqual([]);
  const list = (await (await page.request.get('/api/admin/deletion-requests?status_filter=completed')).json()) as { items: { email: string; erased: { partners: number } | null }[] };
  expect(list.items.find((i) => i.email === person.email)?.erased).toMatchObject({ partners: 1 });
});
