/**
 * The Team page: an owner invites a viewer; the viewer follows the mailed link in a browser of its own, chooses a
 * name and password, is signed in, and finds the key controls disabled with the role they need; the owner's
 * table then lists the viewer as active.
 */
import { expect, fitsAt1280, mailedLink, oneLine, signUp, snap, test } from './fixtures.js';

test('an owner invites a viewer, who joins and sees what a viewer may not do', async ({ page, browser, clientAddress, consoleErrors }) => {
  // The refused invitation below is on purpose.
  consoleErrors.allow(/status of 409 .*\/api\/partners\/me\/members$/);
  const owner = await signUp(page);
  await page.goto('/portal/');
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible();
  const table = page.getByRole('table', { name: /Members/ });
  await expect(table.getByRole('row').filter({ hasText: owner.email })).toContainText('Owner');

  // The form's own check, then the invitation.
  await page.getByRole('button', { name: 'Invite a member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  await dialog.getByLabel('Email').fill('not an address');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.getByText('Enter an email address like name@example.com')).toBeVisible();
  const viewerEmail = `viewer+${Date.now().toString(36)}@example.com`;
  await dialog.getByLabel('Email').fill(viewerEmail);
  await dialog.getByLabel('Role').selectOption('viewer');
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Invitation mailed to ${viewerEmail}.`)).toBeVisible();
  const invited = table.getByRole('row').filter({ hasText: viewerEmail });
  await expect(invited).toContainText('Invited');
  await snap(page, 'team-invited');

  // Inviting an address that is already a member is refused, plainly, at the email field.
  await page.getByRole('button', { name: 'Invite a member' }).click();
  await dialog.getByLabel('Email').fill(owner.email);
  await dialog.getByRole('button', { name: 'Send invitation' }).click();
  await expect(dialog.locator('.field-error')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // An event the viewer may read and not resend (the endpoint refuses connections: the event stays to be read).
  const saved = await page.request.post('/api/partners/me/webhooks?environment=test', { data: { url: 'http://127.0.0.1:9/hooks', events: ['webhook.test'] } });
  expect(saved.status(), await saved.text()).toBe(200);
  const queued = await page.request.post('/api/partners/me/webhooks/test?environment=test');
  expect(queued.status(), await queued.text()).toBe(202);
  const eventId = ((await queued.json()) as { event_id: string }).event_id;

  // The viewer, in a browser of its own.
  const link = await mailedLink(viewerEmail, 'accept-invite');
  const context = await browser.newContext({ extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
  try {
    const viewer = await context.newPage();
    const errors: string[] = [];
    viewer.on('console', (m) => {
      if (m.type() === 'error' && !/status of 401 .*\/api\/auth\/partner\/me/.test(`${m.text()} ${m.location().url}`)) errors.push(m.text());
    });
    viewer.on('pageerror', (e) => errors.push(e.message));
    await viewer.goto(link);
    await expect(viewer.getByRole('heading', { name: 'Join the team' })).toBeVisible();
    await viewer.getByLabel('Your name').fill('Vera Viewer');
    await viewer.getByLabel('Password').fill('a viewer passphrase 9');
    await snap(viewer, 'accept-invite');
    await viewer.getByRole('button', { name: 'Join and sign in' }).click();
    await expect(viewer.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
    expect(new URL(viewer.url()).pathname).toMatch(/^\/portal\/?$/);

    await viewer.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'API keys' }).click();
    await expect(viewer.getByRole('heading', { level: 1, name: 'API keys' })).toBeVisible();
    for (const name of ['Rotate', 'Reveal', 'Clear', 'Paste a key']) {
      const button = viewer.getByRole('button', { name, exact: true });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', 'Needs the developer role');
    }
    await expect(viewer.getByRole('button', { name: 'Rotate ingest secret' })).toHaveAttribute('title', 'Needs the admin role');
    await snap(viewer, 'keys-viewer');

    // The viewer reads the team, and may not change it.
    await viewer.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Team' }).click();
    await expect(viewer.getByRole('button', { name: 'Invite a member' })).toBeDisabled();
    await expect(viewer.getByRole('button', { name: 'Invite a member' })).toHaveAttribute('title', 'Needs the admin role');
    const ownerRow = viewer.getByRole('row').filter({ hasText: owner.email });
    await expect(ownerRow.getByRole('button', { name: 'Remove' })).toHaveAttribute('title', 'Needs the owner role');
    await snap(viewer, 'team-viewer');

    // The viewer reads an event, and may not send it again.
    await viewer.goto(`/portal/events/${eventId}?env=test`);
    await expect(viewer.getByTestId('payload')).toContainText('"type": "webhook.test"');
    await expect(viewer.getByRole('button', { name: 'Resend' })).toBeDisabled();
    await expect(viewer.getByRole('button', { name: 'Resend' })).toHaveAttribute('title', 'Needs the developer role');
    expect(errors, 'no console errors in the viewer’s browser').toEqual([]);
  } finally {
    await context.close();
  }

  // The owner's table lists the viewer as active, with the name it chose.
  await page.reload();
  await expect(invited).toContainText('Active');
  await expect(invited).toContainText('Vera Viewer');
  await expect(invited.getByLabel(`Role of ${viewerEmail}`)).toHaveValue('viewer');
  // At 1280 px the row's last action is on the page and each sign-in date reads on one line.
  await fitsAt1280(page, invited.getByRole('button', { name: 'Make owner' }));
  await oneLine(invited.locator('time'));
  await oneLine(table.getByRole('row').filter({ hasText: owner.email }).locator('time'));
  await snap(page, 'team-owner');
});

test('an owner changes an invited member’s role and withdraws the invitation from the Team page', async ({ page }) => {
  await signUp(page);
  const email = `dev+${Date.now().toString(36)}@example.com`;
  const invited = await page.request.post('/api/partners/me/members', { data: { email, role: 'developer' } });
  expect(invited.status(), await invited.text()).toBe(201);
  await page.goto('/portal/team');
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByLabel(`Role of ${email}`).selectOption('admin');
  await expect(page.getByText(`${email} is now admin.`)).toBeVisible();
  await expect(row.getByLabel(`Role of ${email}`)).toHaveValue('admin');
  // An invited member has no session to end.
  await expect(row.getByRole('button', { name: 'End sessions' })).toBeDisabled();

  await row.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog', { name: `Remove ${email}?` });
  await expect(confirm).toContainText('The invitation is withdrawn');
  await confirm.getByRole('button', { name: 'Remove member' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText('The member was removed')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);
  const list = (await (await page.request.get('/api/partners/me/members')).json()) as { items: { email: string }[] };
  expect(list.items.map((m) => m.email)).not.toContain(email);
});
