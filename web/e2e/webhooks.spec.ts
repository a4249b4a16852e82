/**
 * The portal's Webhooks page in a browser: save an endpoint (the signing secret shown once), send a
 * test event to a local receiver and see its attempt in the table, resend it, filter, rotate the
 * secret and delete the endpoint, each checked through the API; and the endpoint's circuit, which
 * opens when the receiver keeps failing and closes again when a resend gets through.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook } from '@svc-platform/client';
import { expect, fitsAt1280, oneLine, signUp, snap, test } from './fixtures.js';

interface Received {
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** The test server's WEBHOOK_BREAKER_FAILURES (playwright.config.ts): failed attempts in a row that open a circuit. */
const BREAKER_FAILURES = 3;

/** A receiver on a free local port that answers `answer.status` (204 unless changed) and keeps what it got. */
async function receiver(status = 204): Promise<{ server: Server; url: string; received: Received[]; answer: { status: number } }> {
  const received: Received[] = [];
  const answer = { status };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      res.statusCode = answer.status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks`, received, answer };
}

test('save an endpoint, send a test event, resend it, rotate the secret, delete the endpoint', async ({ page, consoleErrors }) => {
  // No endpoint yet: the configuration answers 404, which the page shows as "No endpoint yet".
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\?/);
  const hook = await receiver();
  try {
    await signUp(page);
    await page.goto('/portal/');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();
    await expect(page.getByText('No endpoint yet')).toBeVisible();
    await snap(page, 'webhooks-empty');

    await page.getByLabel('Endpoint URL').fill(hook.url);
    await page.getByRole('checkbox', { name: /webhook\.test/ }).check();
    await expect(page.getByRole('checkbox', { name: 'Enabled' })).toBeChecked();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your signing secret' });
    await expect(dialog).toBeVisible();
    const secret = (await dialog.getByTestId('signing-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // Read back through the API: the configuration is there, the secret is not.
    const cfg = await page.request.get('/api/partners/me/webhooks?environment=test');
    expect(cfg.status()).toBe(200);
    const saved = (await cfg.json()) as { url: string; events: string[]; enabled: boolean; secret_hint: string };
    expect(saved).toMatchObject({ url: hook.url, enabled: true });
    expect(saved.events.sort()).toEqual(['calculation.updated', 'usage.threshold_reached', 'webhook.test']);
    expect(saved.secret_hint).toBe(`whsec_…${secret.slice(-4)}`);
    expect(JSON.stringify(saved)).not.toContain(secret);

    // The test event reaches the receiver, signed with that secret, and appears in the table.
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('A test event was queued')).toBeVisible();
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const event = verifyWebhook({ payload: hook.received[0].body, headers: hook.received[0].headers, secret }) as { type: string };
    expect(event.type).toBe('webhook.test');
    const table = page.getByRole('table', { name: /Delivery attempts/ });
    await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toHaveCount(1, { timeout: 20_000 });
    await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('Delivered');
    await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toContainText('204');
    await fitsAt1280(page, table.getByRole('button', { name: /^Resend webhook\.test/ }));
    await snap(page, 'webhooks-delivered');

    // Resend: a second attempt of the same event, delivered again.
    await table.getByRole('button', { name: /^Resend webhook\.test/ }).click();
    await expect(page.getByText(/Resent: attempt 2 was delivered \(HTTP 204\)/)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toHaveCount(2);
    expect(hook.received.length).toBe(2);
    const attempts = (await (await page.request.get('/api/partners/me/webhooks/deliveries?environment=test')).json()) as { attempt: number; event_id: string }[];
    expect(attempts.map((a) => a.attempt).sort()).toEqual([1, 2]);
    expect(new Set(attempts.map((a) => a.event_id)).size).toBe(1);

    // The Status filter: no failed attempts.
    await page.getByLabel('Status').selectOption('failed');
    await expect(table.getByText('No failed attempts.')).toBeVisible();
    await page.getByLabel('Status').selectOption('all');
    await expect(table.getByRole('row').filter({ hasText: 'webhook.test' })).toHaveCount(2);

    // Rotate: confirm, the new secret once, the 24-hour overlap.
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    const confirm = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await confirm.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(dialog).toBeVisible();
    const rotated = (await dialog.getByTestId('signing-secret').textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await expect(dialog).toContainText('For 24 hours');
    await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
    await snap(page, 'webhooks-rotated');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    const after = (await (await page.request.get('/api/partners/me/webhooks?environment=test')).json()) as { secret_hint: string };
    expect(after.secret_hint).toBe(`whsec_…${rotated.slice(-4)}`);

    // Delete: Cancel keeps it; confirming deletes it.
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    const del = page.getByRole('dialog', { name: 'Delete the endpoint?' });
    await del.getByRole('button', { name: 'Cancel' }).click();
    expect((await page.request.get('/api/partners/me/webhooks?environment=test')).status()).toBe(200);
    await page.getByRole('button', { name: 'Delete endpoint' }).click();
    await del.getByRole('button', { name: 'Delete endpoint' }).click();
    await expect(page.getByText('The endpoint was deleted')).toBeVisible();
    await expect(page.getByText('No endpoint yet')).toBeVisible();
    expect((await page.request.get('/api/partners/me/webhooks?environment=test')).status()).toBe(404);
  } finally {
    await new Promise((resolve) => hook.server.close(resolve));
  }
});

test('a failing endpoint: the circuit opens, the page says deliveries are paused and until when; a resend that gets through closes it', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\?/);
  const hook = await receiver(500);
  try {
    await signUp(page);
    await page.goto('/portal/webhooks');
    await page.getByLabel('Endpoint URL').fill(hook.url);
    await page.getByRole('checkbox', { name: /webhook\.test/ }).check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('dialog', { name: 'Your signing secret' }).getByRole('button', { name: 'Done' }).click();
    const circuit = page.getByTestId('circuit');
    // Nothing has been delivered yet: the page does not claim deliveries flow.
    await expect(circuit).toContainText('No delivery has succeeded yet');

    // Each test event's first attempt goes at once and gets a 500: that many in a row open the circuit.
    for (let i = 0; i < BREAKER_FAILURES; i++) {
      const queued = page.waitForResponse((r) => r.url().includes('/api/partners/me/webhooks/test') && r.request().method() === 'POST');
      await page.getByRole('button', { name: 'Send test event' }).click();
      expect((await queued).status()).toBe(202);
    }
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(BREAKER_FAILURES);

    // The page follows the endpoint by itself: no reload.
    await expect(circuit).toContainText('Paused after repeated failures, next attempt at', { timeout: 20_000 });
    await expect(circuit).toContainText(/\d+ failed attempts in a row/);
    const cfg = (await (await page.request.get('/api/partners/me/webhooks?environment=test')).json()) as { circuit: { state: string; failures: number; retry_at: string | null } };
    expect(cfg.circuit.state).toBe('open');
    expect(cfg.circuit.failures).toBeGreaterThanOrEqual(BREAKER_FAILURES);
    expect(cfg.circuit.retry_at).not.toBeNull();
    // The time of the next attempt, in the reader's zone with UTC in its title.
    const next = circuit.locator('time');
    await expect(next).toHaveAttribute('datetime', new Date(cfg.circuit.retry_at!).toISOString());
    await expect(next).toHaveAttribute('title', /^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    const table = page.getByRole('table', { name: /Delivery attempts/ });
    await expect(table.getByRole('row').filter({ hasText: 'Failed' }).first()).toContainText('500');
    // With an error in every row, each row's Resend button and the time it was tried still fit at 1280 px.
    await fitsAt1280(page, table.getByRole('button', { name: /^Resend webhook\.test/ }).first());
    await oneLine(table.getByRole('row').filter({ hasText: 'Failed' }).first().locator('time'));
    await snap(page, 'webhooks-circuit-open');

    // While open nothing more is sent; the receiver recovers and a resend (which goes through an open circuit) closes it.
    const sent = hook.received.length;
    await page.waitForTimeout(1500);
    expect(hook.received.length).toBe(sent);
    hook.answer.status = 204;
    await table.getByRole('button', { name: /^Resend webhook\.test/ }).first().click();
    await expect(page.getByText(/Resent: attempt \d+ was delivered \(HTTP 204\)/)).toBeVisible();
    await expect(circuit).toHaveText('Deliveries flowing');
    const closed = (await (await page.request.get('/api/partners/me/webhooks?environment=test')).json()) as { circuit: { state: string; failures: number } };
    expect(closed.circuit).toMatchObject({ state: 'closed', failures: 0 });
  } finally {
    await new Promise((resolve) => hook.server.close(resolve));
  }
});

test('"Deliveries flowing" only once an attempt to the endpoint as configured now has succeeded', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\?/);
  const first = await receiver();
  const second = await receiver();
  try {
    await signUp(page);
    await page.goto('/portal/webhooks');
    await page.getByLabel('Endpoint URL').fill(first.url);
    await page.getByRole('checkbox', { name: /webhook\.test/ }).check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await page.getByRole('dialog', { name: 'Your signing secret' }).getByRole('button', { name: 'Done' }).click();
    const circuit = page.getByTestId('circuit');
    await expect(circuit).toContainText('No delivery has succeeded yet');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => first.received.length, { timeout: 20_000 }).toBe(1);
    await expect(circuit).toHaveText('Deliveries flowing', { timeout: 20_000 });

    // Another receiver: what reached the first one says nothing of it.
    await page.getByLabel('Endpoint URL').fill(second.url);
    const saved = page.waitForResponse((r) => r.url().includes('/api/partners/me/webhooks?') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByLabel('Endpoint URL')).toHaveValue(second.url);
    await expect(circuit).toContainText('No delivery has succeeded yet');
    await page.reload();
    await expect(circuit).toContainText('No delivery has succeeded yet');
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => second.received.length, { timeout: 20_000 }).toBe(1);
    await expect(circuit).toHaveText('Deliveries flowing', { timeout: 20_000 });
  } finally {
    await Promise.all([first, second].map((h) => new Promise((resolve) => h.server.close(resolve))));
  }
});

test('an invalid endpoint URL is explained next to the field; the hint follows the server’s rule', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\?/);
  consoleErrors.allow(/status of 4\d\d .*\/api\/partners\/me\/webhooks\?environment=test$/);
  await signUp(page);
  // This server allows private and loopback targets (WEBHOOK_ALLOW_PRIVATE), as its health answer says.
  const health = (await (await page.request.get('/api/v1/health')).json()) as { webhooks_allow_private: boolean };
  expect(health.webhooks_allow_private).toBe(true);
  await page.goto('/portal/webhooks');
  const url = page.getByLabel('Endpoint URL');
  await expect(url).toHaveAccessibleDescription(/^An https or http URL\. This server also delivers to private and loopback addresses/);

  await page.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(url).toHaveAccessibleDescription(/Enter the URL that receives the events$/);
  await expect(url).toBeFocused();
  await url.fill('not a url');
  await page.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(url).toHaveAccessibleDescription(/Enter a full URL, like http:\/\/127\.0\.0\.1:4000\/webhooks$/);
  await url.fill('ftp://files.example.com/hooks');
  await page.getByRole('button', { name: 'Save endpoint' }).click();
  await expect(url).toHaveAccessibleDescription(/Use an https or http URL$/);
  await snap(page, 'webhooks-error');
  // The server agrees: nothing was saved.
  expect((await page.request.get('/api/partners/me/webhooks?environment=test')).status()).toBe(404);
});
