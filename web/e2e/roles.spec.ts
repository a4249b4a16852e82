/**
 * What each role may do, page by page: a viewer walks every page of the portal and finds each control that changes
 * something its role may not change disabled, naming the role it needs (its reads and its own account stay usable); a
 * developer finds the keys and webhooks usable and the members' controls disabled, naming the admin (or owner) role.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Locator, Page } from '@playwright/test';
import { expect, mailedLink, signUp, snap, test } from './fixtures.js';

/** Every control `locator` matches (at least one) is disabled, its title naming `role`. */
async function needs(locator: Locator, role: 'developer' | 'admin' | 'owner'): Promise<void> {
  await expect(locator.first()).toBeVisible();
  for (const control of await locator.all()) {
    await expect(control).toBeDisabled();
    await expect(control).toHaveAttribute('title', `Needs the ${role} role`);
  }
}

/** Every control `locator` matches (at least one) may be used. */
async function usable(locator: Locator): Promise<void> {
  await expect(locator.first()).toBeVisible();
  for (const control of await locator.all()) await expect(control).toBeEnabled();
}

/** The owner's sign-in rule on the Team page: its checkbox disabled, its label naming the owner role. */
async function ruleNeedsOwner(page: Page): Promise<void> {
  const name = 'Require a second factor for every member';
  await expect(page.getByLabel(name)).toBeDisabled();
  await expect(page.locator('label', { hasText: name })).toHaveAttribute('title', 'Needs the owner role');
}

/** A member of `role` invited by the owner (`owner`'s session) who joins in a browser of its own. */
async function join(owner: Page, browser: Browser, clientAddress: string, role: 'viewer' | 'developer'): Promise<{ page: Page; email: string; errors: string[]; close: () => Promise<void> }> {
  const email = `${role}+${Date.now().toString(36)}@example.com`;
  const invited = await owner.request.post('/api/partners/me/members', { data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const token = new URLSearchParams((await mailedLink(email, 'accept-invite')).split('?')[1]).get('token');
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
  const joined = await context.request.post('/api/auth/partner/accept-invite', { data: { token, name: `A ${role}`, password: `a ${role} passphrase 9` } });
  expect(joined.status(), await joined.text()).toBe(200);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, email, errors, close: () => context.close() };
}

async function open(page: Page, name: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const NOTES = {
  viewer: 'You are a viewer: you can read everything; controls that change something need the developer role and are shown disabled.',
  developer: 'You are a developer: you can manage keys and webhooks; controls for members and the ingest secret need the admin role and are shown disabled.',
};

/** No serious or critical axe violation (WCAG 2.0/2.1 A and AA) on the page as the member's role shows it. */
async function accessible(page: Page, name: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').flatMap((v) => v.nodes.map((n) => `${v.id} at ${n.target.join(' ')}: ${v.help}`));
  expect(found, `serious or critical accessibility violations on ${name}`).toEqual([]);
}

/** The page says, in visible text at its top, what the role leaves disabled (a disabled control's title alone reaches no touch or keyboard user). */
async function noted(page: Page, role: keyof typeof NOTES): Promise<void> {
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: NOTES[role] })).toBeVisible();
}

/** An owner with an enabled endpoint that refuses connections, one delivery attempt and its event. */
async function ownerWithEvent(page: Page) {
  const owner = await signUp(page);
  const saved = await page.request.post('/api/partners/me/webhooks?environment=test', { data: { url: 'http://127.0.0.1:9/hooks', events: ['webhook.test'] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const queued = await page.request.post('/api/partners/me/webhooks/test?environment=test');
  expect(queued.status(), await queued.text()).toBe(202);
  const eventId = ((await queued.json()) as { event_id: string }).event_id;
  await expect
    .poll(async () => ((await (await page.request.get('/api/partners/me/webhooks/deliveries?environment=test')).json()) as unknown[]).length, { timeout: 20_000 })
    .toBeGreaterThan(0);
  return { ...owner, eventId };
}

test('a viewer finds every control it may not use disabled, naming the role it needs, on every page', async ({ page, browser, clientAddress }) => {
  const owner = await ownerWithEvent(page);
  const viewer = await join(page, browser, clientAddress, 'viewer');
  const v = viewer.page;
  try {
    await v.goto('/portal/?env=test');
    await expect(v.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    await expect(v.getByText('Seeing the sandbox key and the command that uses it needs the developer role.')).toBeVisible();

    await noted(v, 'viewer');
    await open(v, 'API keys');
    await noted(v, 'viewer');
    for (const name of ['Reveal', 'Rotate', 'Clear', 'Paste a key']) await needs(v.getByRole('button', { name, exact: true }), 'developer');
    await needs(v.getByRole('button', { name: 'Rotate ingest secret' }), 'admin');

    await open(v, 'Usage');
    await needs(v.getByRole('button', { name: 'Save alerts' }), 'developer');

    await open(v, 'Webhooks');
    await noted(v, 'viewer');
    for (const name of ['Save endpoint', 'Send test event', 'Rotate secret', 'Delete endpoint']) await needs(v.getByRole('button', { name, exact: true }), 'developer');
    await needs(v.getByRole('button', { name: /^Resend / }), 'developer');
    await accessible(v, 'the viewer’s Webhooks page');
    await snap(v, 'roles-viewer-webhooks');

    await open(v, 'Events');
    await expect(v.getByRole('link', { name: owner.eventId })).toBeVisible();
    await v.goto(`/portal/events/${owner.eventId}?env=test`);
    await expect(v.getByTestId('payload')).toContainText('"type": "webhook.test"');
    await needs(v.getByRole('button', { name: 'Resend', exact: true }), 'developer');

    // Downloads and the log are reads: a viewer uses them.
    await open(v, 'Reports');
    await usable(v.getByRole('button', { name: /^Download / }));
    await open(v, 'Logs');

    await open(v, 'Team');
    await noted(v, 'viewer');
    await needs(v.getByRole('button', { name: 'Invite a member' }), 'admin');
    const ownerRow = v.getByRole('row').filter({ hasText: owner.email });
    await needs(ownerRow.getByRole('button', { name: 'Remove' }), 'owner');
    await needs(ownerRow.getByLabel(`Role of ${owner.email}`), 'owner');
    const selfRow = v.getByRole('row').filter({ hasText: viewer.email });
    await needs(selfRow.getByRole('button', { name: 'Remove' }), 'admin');
    await needs(v.getByRole('button', { name: 'Make owner' }), 'owner');
    await ruleNeedsOwner(v);
    await accessible(v, 'the viewer’s Team page');
    await snap(v, 'roles-viewer-team');

    // The member's own account is every role's.
    await open(v, 'Account');
    await usable(v.getByRole('button', { name: 'Change password' }));
    await expect(v.getByText(NOTES.viewer)).toHaveCount(0);

    expect(viewer.errors, 'no console errors in the viewer’s browser').toEqual([]);
  } finally {
    await viewer.close();
  }
});

test('a developer uses the keys and webhooks, and finds the members’ controls disabled, naming the admin role', async ({ page, browser, clientAddress }) => {
  const owner = await ownerWithEvent(page);
  const viewer = await page.request.post('/api/partners/me/members', { data: { email: `v+${Date.now().toString(36)}@example.com`, role: 'viewer' } });
  expect(viewer.status(), await viewer.text()).toBe(201);
  const invitedEmail = ((await viewer.json()) as { email: string }).email;
  const developer = await join(page, browser, clientAddress, 'developer');
  const d = developer.page;
  try {
    await d.goto('/portal/keys?env=test');
    await expect(d.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    await noted(d, 'developer');
    for (const name of ['Reveal', 'Rotate', 'Clear', 'Paste a key']) await usable(d.getByRole('button', { name, exact: true }));
    await needs(d.getByRole('button', { name: 'Rotate ingest secret' }), 'admin');

    await open(d, 'Usage');
    await usable(d.getByRole('button', { name: 'Save alerts' }));

    await open(d, 'Webhooks');
    for (const name of ['Save endpoint', 'Send test event', 'Rotate secret', 'Delete endpoint']) await usable(d.getByRole('button', { name, exact: true }));
    await usable(d.getByRole('button', { name: /^Resend / }));

    await open(d, 'Team');
    await noted(d, 'developer');
    await needs(d.getByRole('button', { name: 'Invite a member' }), 'admin');
    const invitedRow = d.getByRole('row').filter({ hasText: invitedEmail });
    await needs(invitedRow.getByLabel(`Role of ${invitedEmail}`), 'admin');
    await needs(invitedRow.getByRole('button', { name: 'Remove' }), 'admin');
    await needs(invitedRow.getByRole('button', { name: 'End sessions' }), 'admin');
    await needs(d.getByRole('row').filter({ hasText: owner.email }).getByRole('button', { name: 'Remove' }), 'owner');
    await needs(d.getByRole('button', { name: 'Make owner' }), 'owner');
    await ruleNeedsOwner(d);
    await snap(d, 'roles-developer-team');

    expect(developer.errors, 'no console errors in the developer’s browser').toEqual([]);
  } finally {
    await developer.close();
  }
});
