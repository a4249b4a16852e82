/**
 * The admin console's usage and audit views in a browser, against the built server: the Usage page
 * and a partner's usage charts filled by seeded demo data, each Download CSV read back and held
 * against the export the API answers, the Audit log page with an action just done and its filters,
 * and a partner's recent audit entries.
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { ADMIN } from './admin.js';
import { expect, newPartner, signUpWith, snap, test } from './fixtures.js';
import { allowSignedOut, signInAsAdmin } from './admin-session.js';

/** A partner signed up through the API in a context of its own: the page's cookie stays the admin's. */
async function partner(request: APIRequestContext, label = 'Usage') {
  const who = await signUpWith(request, newPartner(label));
  await request.post('/api/auth/partner/logout');
  return who;
}

type Csv = string[][];

/** Clicks the page's Download CSV button and reads the saved file; also answers the address it asked. */
async function downloadCsv(page: Page, scope: Page | Locator = page): Promise<{ href: string; rows: Csv }> {
  const [file, request] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForRequest((r) => r.url().includes('/api/admin/usage/export')),
    scope.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  const url = new URL(request.url());
  return { href: `${url.pathname}${url.search}`, rows: parse(await readFile((await file.path())!, 'utf8')) as Csv };
}

/** The same export, asked of the API with the administrator's cookie. */
async function exported(page: Page, href: string): Promise<Csv> {
  const r = await page.request.get(href);
  expect(r.status(), href).toBe(200);
  expect(r.headers()['content-type']).toMatch(/^text\/csv/);
  return parse(await r.text()) as Csv;
}

function sameExport(saved: Csv, api: Csv) {
  expect(saved[0], 'header').toEqual(api[0]);
  expect(saved.length, 'rows').toBe(api.length);
}

const count = (n: number) => n.toLocaleString('en-US');

test('the Usage page: seeded demo data fills the charts, Days changes the window, top partners lead to their page', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const p = await partner(request);
  await signInAsAdmin(page);
  const nav = page.getByRole('navigation', { name: 'Admin console' });
  const seeded = await page.request.post(`/api/admin/partners/${p.id}/seed-demo?days=90`);
  expect(seeded.status(), await seeded.text()).toBe(200);

  await nav.getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Usage · Admin console/);
  const usage = (await (await page.request.get('/api/admin/usage?days=30')).json()) as { totals: { events: number; active_users: number } };
  expect(usage.totals.events).toBeGreaterThan(0);
  await expect(page.getByRole('img', { name: new RegExp(`^Daily production events by type, last 30 days: ${count(usage.totals.events)} events in 30 days \\(User sign-ups`) })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Daily active end-users in production, last 30 days/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Daily transaction volume in production, last 30 days: \$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Transaction volume by category in production/ })).toBeVisible();
  await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.locator('.figure').filter({ hasText: /^Events/ }).locator('.figure-value')).toHaveText(count(usage.totals.events));
  const top = page.getByRole('region', { name: 'Top partners' });
  await expect(top.getByRole('link', { name: p.company_name })).toBeVisible();
  await snap(page, 'admin-usage');

  // The figures behind a chart, as a table.
  const events = page.getByRole('region', { name: 'Daily events by type' });
  await events.getByText('Show the figures').click();
  await expect(events.getByRole('columnheader')).toHaveText(['Day (UTC)', 'User sign-ups', 'Account links', 'Transactions']);
  await expect(events.getByRole('table').locator('tbody tr')).toHaveCount(30);

  await page.getByLabel('Days', { exact: true }).selectOption('7');
  await expect(page).toHaveURL(/\/admin\/usage\?days=7$/);
  await expect(page.getByLabel('Days', { exact: true })).toHaveValue('7');
  await expect(page.getByRole('img', { name: /^Daily production events by type, last 7 days: / })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Days', { exact: true })).toHaveValue('7');

  await top.getByRole('link', { name: p.company_name }).click();
  await expect(page.getByRole('heading', { name: p.company_name, level: 1 })).toBeVisible();
});

test('Download CSV on the Usage page and on a partner’s page gives the export the API answers, in each format', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const p = await partner(request, 'Export');
  await signInAsAdmin(page);
  expect((await page.request.post(`/api/admin/partners/${p.id}/seed-demo?days=30`)).status()).toBe(200);
  await page.goto('/admin/usage');
  const csv = page.getByRole('region', { name: 'Download CSV' });
  await expect(csv.getByLabel('Format')).toHaveValue('partners');

  const partners = await downloadCsv(page, csv);
  expect(partners.href).toBe('/api/admin/usage/export?format=partners&days=30&environment=live');
  sameExport(partners.rows, await exported(page, partners.href));
  expect(partners.rows[0].slice(0, 4)).toEqual(['partner_id', 'company', 'email', 'active']);
  expect(partners.rows.some((r) => r[0] === p.id)).toBe(true);

  await csv.getByLabel('Format').selectOption('summary');
  const summary = await downloadCsv(page, csv);
  expect(summary.href).toBe('/api/admin/usage/export?format=summary&days=30&environment=live');
  sameExport(summary.rows, await exported(page, summary.href));
  expect(summary.rows.length).toBe(31);

  await page.getByLabel('Days', { exact: true }).selectOption('7');
  await csv.getByLabel('Format').selectOption('events');
  const events = await downloadCsv(page, csv);
  expect(events.href).toBe('/api/admin/usage/export?format=events&days=7&environment=live');
  sameExport(events.rows, await exported(page, events.href));
  expect(events.rows[0].slice(0, 4)).toEqual(['id', 'partner_id', 'environment', 'event_type']);
  expect(events.rows.filter((r) => r[1] === p.id).length).toBeGreaterThan(0);

  // A partner's page: its own days and events only.
  await page.goto(`/admin/partners/${p.id}`);
  const card = page.getByRole('region', { name: 'Usage' });
  await expect(card.getByRole('img', { name: /^Daily production events of .* by type, last 30 days/ })).toBeVisible();
  const daily = await downloadCsv(page, card);
  expect(daily.href).toBe(`/api/admin/usage/export?format=summary&days=30&environment=live&partner_id=${p.id}`);
  const dailyApi = await exported(page, daily.href);
  sameExport(daily.rows, dailyApi);
  const eventsColumn = daily.rows[0].indexOf('events');
  const partnerUsage = (await (await page.request.get(`/api/admin/partners/${p.id}/usage?days=30`)).json()) as { totals: { events: number } };
  expect(daily.rows.slice(1).reduce((s, r) => s + Number(r[eventsColumn]), 0)).toBe(partnerUsage.totals.events);

  await card.getByLabel('Format').selectOption('events');
  const own = await downloadCsv(page, card);
  sameExport(own.rows, await exported(page, own.href));
  expect(own.rows.length - 1).toBe(partnerUsage.totals.events);
  expect(own.rows.slice(1).every((r) => r[1] === p.id)).toBe(true);
});

test('Download CSV that the server refuses saves nothing: a session that ended leads to sign-in', async ({ page, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  consoleErrors.allow(/status of 401 .*\/api\/admin\/usage\/export\?/);
  await signInAsAdmin(page);
  await page.goto('/admin/usage');
  await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
  // Every question the page asks on arrival is answered first: the next one to meet the ended session is the download.
  await page.waitForLoadState('networkidle');
  const saved: string[] = [];
  page.on('download', (d) => saved.push(d.suggestedFilename()));
  // Signed out elsewhere: the cookie is gone.
  expect((await page.request.post('/api/auth/admin/logout')).status()).toBe(200);
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/api/admin/usage/export')),
    page.getByRole('region', { name: 'Download CSV' }).getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(answer.status()).toBe(401);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(saved).toEqual([]);
});

test('a partner’s page: seeding demo data fills its usage charts; its recent audit entries show what was done', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const p = await partner(request, 'Charts');
  await signInAsAdmin(page);
  await page.goto(`/admin/partners/${p.id}`);
  const card = page.getByRole('region', { name: 'Usage' });
  await expect(card.getByText('No production usage events in the last 30 days.')).toBeVisible();
  await expect(card.getByText('No transactions in the last 30 days.')).toBeVisible();
  const audit = page.getByRole('region', { name: 'Recent audit entries' });
  // The partner's own sign-up, by the partner.
  await expect(audit.getByRole('row').filter({ hasText: 'partner.register' })).toContainText('The partner');

  await page.getByLabel('Days', { exact: true }).fill('30');
  await page.getByRole('button', { name: 'Seed demo data' }).click();
  await expect(page.getByText(/demo events stored/)).toBeVisible();
  await expect(card.getByRole('img', { name: /^Daily production events of .* by type, last 30 days: \d[\d,]* events/ })).toBeVisible();
  await expect(card.getByRole('img', { name: /^Transaction volume of .* by category, last 30 days: \$/ })).toBeVisible();
  const usage = (await (await page.request.get(`/api/admin/partners/${p.id}/usage?days=30`)).json()) as { totals: { events: number } };
  await expect(card.locator('.figure').filter({ hasText: /^Events/ }).locator('.figure-value')).toHaveText(count(usage.totals.events));
  // The seeding is in the audit entries at once, by the administrator signed in.
  const seeded = audit.getByRole('row').filter({ hasText: 'partner.seed_demo' });
  await expect(seeded).toContainText(`You (${ADMIN.email})`);
  await expect(seeded).toContainText('inserted');
  await snap(page, 'admin-partner-usage');

  await card.getByLabel('Period').selectOption('7');
  await expect(card.getByRole('img', { name: /^Daily production events of .* by type, last 7 days/ })).toBeVisible();
  await card.getByLabel('Environment').selectOption('test');
  await expect(card.getByText('No sandbox usage events in the last 7 days.')).toBeVisible();

  // Suspend: the entry is there without a reload; its action leads to the audit log, filtered.
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(audit.getByRole('row').filter({ hasText: 'partner.suspend' })).toBeVisible();
  await audit.getByRole('link', { name: 'partner.suspend' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/audit-log\\?action=partner.suspend&target=${p.id}$`));
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
});

test('the Audit log page: an action just done is listed; actor, action and target narrow it; pages', async ({ page, request, consoleErrors }) => {
  allowSignedOut(consoleErrors);
  const p = await partner(request, 'Audited');
  const q = await partner(request, 'Other');
  await signInAsAdmin(page);
  const me = (await (await page.request.get('/api/auth/admin/me')).json()) as { id: string };
  // Suspend p through its page, q through the API.
  await page.goto(`/admin/partners/${p.id}`);
  await page.getByRole('button', { name: 'Suspend' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Suspend' }).click();
  await expect(page.getByText(/^Suspended/)).toBeVisible();
  expect((await page.request.post(`/api/admin/partners/${q.id}/suspend`)).status()).toBe(200);

  await page.getByRole('navigation', { name: 'Admin console' }).getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Audit log · Admin console/);
  const rows = page.getByRole('table').locator('tbody tr');
  // Newest first: q's suspension, then p's.
  await expect(rows.nth(0)).toContainText('partner.suspend');
  await expect(rows.nth(0)).toContainText(q.id);
  await expect(rows.nth(1)).toContainText('partner.suspend');
  await expect(rows.nth(1)).toContainText(p.id);
  await expect(rows.nth(0)).toContainText(`You (${ADMIN.email})`);
  await snap(page, 'admin-audit-log');

  // Action and target: p's suspension alone.
  const form = page.getByRole('search', { name: 'Filter the audit log' });
  await form.getByLabel('Action', { exact: true }).fill('partner.suspend');
  await form.getByLabel('Target', { exact: true }).fill(p.id);
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/action=partner.suspend/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(p.id);
  await snap(page, 'admin-audit-log-filtered');

  // An action ending in a dot is a prefix: every partner action on p (its sign-up and its suspension).
  await expect(form.getByText('Exact (partner.suspend), or a prefix ending in a dot (partner.)')).toBeVisible();
  await form.getByLabel('Action', { exact: true }).fill('partner.');
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/action=partner\.&|action=partner\.$/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('partner.suspend');
  await expect(rows.nth(1)).toContainText('partner.register');
  // Its wildcard-looking characters are plain: nothing is called "partner%…".
  await form.getByLabel('Action', { exact: true }).fill('%.');
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();
  await form.getByLabel('Action', { exact: true }).fill('partner.suspend');
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(rows).toHaveCount(1);

  // Actor: the partners' own actions (their sign-ups), then this administrator's.
  await form.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit-log$/);
  await form.getByLabel('Actor type').selectOption('partner');
  await form.getByLabel('Target', { exact: true }).fill(q.id);
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('partner.register');
  await form.getByLabel('Actor type').selectOption('admin');
  await form.getByLabel('Actor', { exact: true }).fill(me.id);
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('partner.suspend');
  await form.getByLabel('Actor', { exact: true }).fill('adm_nobody');
  await form.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByText('No audit entries match these filters.')).toBeVisible();

  // Paged, 50 a page: 60 more actions on q, then Next and Previous.
  for (let i = 0; i < 30; i++) {
    expect((await page.request.post(`/api/admin/partners/${q.id}/activate`)).status()).toBe(200);
    expect((await page.request.post(`/api/admin/partners/${q.id}/suspend`)).status()).toBe(200);
  }
  await page.goto(`/admin/audit-log?target=${q.id}`);
  await expect(page.getByLabel('Target', { exact: true })).toHaveValue(q.id);
  await expect(rows).toHaveCount(50);
  const firstOfPage1 = await rows.first().textContent();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText(/^Page 2/)).toBeVisible();
  // 62 in all: the sign-up, the first suspension, 60 more.
  await expect(rows).toHaveCount(12);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(rows.last()).toContainText('partner.register');
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(rows.first()).toHaveText(firstOfPage1!);
});
