/**
 * The portal's Events page in a browser: a test event goes to a local receiver that answers with a body and a
 * header of its own; the Events list (filters in the address) shows it, its own page shows the payload as
 * delivered and the attempt (the headers sent with their signatures, never the secret; the receiver's status,
 * header and body), and Resend adds a second attempt. With many attempts, the newest is open and the older ones are
 * one-line summaries that open on a click or a key. Resend is refused, in words, while the endpoint is disabled.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from '@playwright/test';
import { expect, sameHeight, signUp, snap, test } from './fixtures.js';

const MARK = 'events-e2e-receiver-7f3a';
/** A long answer body: the excerpt box must scroll inside itself, never widen the page. */
const BODY = JSON.stringify({ received: true, by: MARK, note: 'x'.repeat(600) });

/** How the receiver answers the next request: 200 with its body, 503, or no answer at all (the connection dropped). */
type Answer = 'ok' | 'unavailable' | 'hang-up';

/** A receiver on a free local port answering 200 with a recognisable header and body (or `next`, once); it keeps what it got. */
async function receiver(): Promise<{
  server: Server;
  url: string;
  received: { body: string; headers: Record<string, string | string[] | undefined> }[];
  next: { answer: Answer };
}> {
  const received: { body: string; headers: Record<string, string | string[] | undefined> }[] = [];
  const next = { answer: 'ok' as Answer };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
      const answer = next.answer;
      next.answer = 'ok';
      if (answer === 'hang-up') return void req.socket.destroy();
      if (answer === 'unavailable') {
        res.writeHead(503, { 'content-type': 'text/plain', 'x-receiver-mark': MARK });
        return void res.end('down for maintenance');
      }
      res.writeHead(200, { 'content-type': 'application/json', 'x-receiver-mark': MARK });
      res.end(BODY);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/hooks`, received, next };
}

/** Whether an attempt's disclosure is open (the `open` of its <details>). */
const isOpen = (attempt: Locator) => attempt.evaluate((el) => (el as HTMLDetailsElement).open);

/** Neither the page nor any box on it is wider than the window. */
async function noSidewaysOverflow(page: Page) {
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, win: window.innerWidth }));
  expect(widths.doc).toBeLessThanOrEqual(widths.win);
}

test('a test event: the Events list, its own page with the payload and the receiver’s answer, and a resend as a second attempt', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\?/);
  consoleErrors.allow(/status of 422 .*\/api\/partners\/me\/webhooks\/events\?.*since=yesterday/);
  const hook = await receiver();
  try {
    await signUp(page);
    await page.setViewportSize({ width: 1280, height: 800 });

    // No event yet: the list says so.
    await page.goto('/portal/');
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await expect(page.getByText('No events yet in this environment.')).toBeVisible();

    await page.goto('/portal/webhooks');
    await page.getByLabel('Endpoint URL').fill(hook.url);
    await page.getByRole('checkbox', { name: /webhook\.test/ }).check();
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your signing secret' });
    const secret = (await dialog.getByTestId('signing-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBe(1);
    const delivered = hook.received[0];

    // The list, filtered by type and status through the address. The Webhooks page has a Type filter of its own:
    // the Events page must be there before its fields are used.
    await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name: 'Events' }).click();
    await expect(page.getByRole('heading', { name: 'Events', level: 1 })).toBeVisible();
    await page.getByLabel('Type').selectOption('webhook.test');
    await page.getByLabel('Status').selectOption('delivered');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/[?&]type=webhook\.test/);
    await expect(page).toHaveURL(/[?&]status=delivered/);
    const rows = page.getByRole('table').getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(rows).toHaveCount(1, { timeout: 20_000 });
    await expect(rows).toContainText('Delivered');
    const eventId = String(delivered.headers['webhook-id']);
    await expect(rows).toContainText(eventId);
    // Another status: none; the address holds it, so a reload keeps it.
    await page.getByLabel('Status').selectOption('exhausted');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No events match these filters.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Status')).toHaveValue('exhausted');
    await expect(page.getByText('No events match these filters.')).toBeVisible();
    // A since the server cannot read: said in words, the page stays usable.
    await page.getByLabel('Since').fill('yesterday');
    await page.getByRole('button', { name: 'Search' }).click();
    const failed = page.getByRole('alert').filter({ hasText: 'The events could not be loaded' });
    await expect(failed).toContainText('Since:');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page.getByLabel('Since')).toHaveValue('');
    // The filter bar's selects and its text box stand in one row, one height.
    await sameHeight(page.getByLabel('Type'), page.getByLabel('Since'));
    await sameHeight(page.getByLabel('Status'), page.getByLabel('Since'));
    await snap(page, 'events-list');

    // The event's own page.
    await page.getByRole('link', { name: eventId }).click();
    await expect(page).toHaveURL(new RegExp(`/portal/events/${eventId}\\?env=test$`));
    await expect(page.getByRole('heading', { name: 'Event', level: 1 })).toBeVisible();
    const payload = page.getByTestId('payload');
    await expect(payload).toContainText('"type": "webhook.test"');
    await expect(payload).toContainText('A test event from the webhook settings');
    // Indented for reading, the same JSON as the receiver got.
    expect(JSON.parse((await payload.textContent()) ?? '')).toEqual(JSON.parse(delivered.body));

    const attempts = page.getByTestId('attempt');
    await expect(attempts).toHaveCount(1);
    const first = attempts.first();
    await expect(first.getByRole('heading', { name: 'Attempt 1' })).toBeVisible();
    await expect(first.getByTestId('attempt-status')).toHaveText('200');
    const sent = first.getByRole('definition').filter({ hasText: /^t=\d+,v1=[0-9a-f]{64}$/ });
    await expect(sent).toHaveCount(1);
    await expect(first.getByLabel('Request headers of attempt 1')).toContainText('service-signature');
    await expect(first.getByLabel('Request headers of attempt 1')).toContainText(String(delivered.headers['service-signature']));
    await expect(first.getByLabel('Response headers of attempt 1')).toContainText('x-receiver-mark');
    await expect(first.getByLabel('Response headers of attempt 1')).toContainText(MARK);
    await expect(first.getByLabel('Response body of attempt 1 (the first 4 KiB)')).toHaveText(BODY);
    // Signatures, never the secret.
    expect(await page.locator('main').textContent()).not.toContain(secret);
    await noSidewaysOverflow(page);
    await snap(page, 'events-detail');

    // Resend: the answer in words, and a second attempt on the page.
    await page.getByRole('button', { name: 'Resend' }).click();
    await expect(page.getByText('Resent: attempt 2 was delivered (HTTP 200).')).toBeVisible();
    await expect(attempts).toHaveCount(2);
    // Newest first, and open: the answer to the resend is there to read.
    await expect(attempts.first().getByRole('heading', { name: 'Attempt 2' })).toBeVisible();
    await expect(attempts.first().getByTestId('attempt-status')).toHaveText('200');
    await expect(attempts.nth(1).getByRole('heading', { name: 'Attempt 1' })).toBeVisible();
    expect(hook.received.length).toBe(2);
    await noSidewaysOverflow(page);
    await snap(page, 'events-resent');

    // From the Webhooks page's delivery table: the event id opens the same page.
    await page.goto('/portal/webhooks?env=test');
    const table = page.getByRole('table', { name: /Delivery attempts/ });
    await table.getByRole('link', { name: new RegExp(`^Event ${eventId}`) }).first().click();
    await expect(page).toHaveURL(new RegExp(`/portal/events/${eventId}\\?env=test$`));
    await expect(attempts).toHaveCount(2);

    // An event resent many times: its page shows the newest 50 attempts and says how many there are in all.
    // Attempt 12 is answered 503 and attempt 22 not at all.
    for (let attempt = 3; attempt <= 51; attempt++) {
      hook.next.answer = attempt === 12 ? 'unavailable' : attempt === 22 ? 'hang-up' : 'ok';
      const again = await page.request.post(`/api/partners/me/webhooks/events/${eventId}/resend?environment=test`);
      expect(again.status()).toBe(200);
    }
    await page.goto(`/portal/events/${eventId}?env=test`);
    await expect(page.getByTestId('attempts-shown')).toContainText('Showing the newest 50 of 51 attempts.');
    await expect(attempts).toHaveCount(50);
    // Newest first: attempt 51 at the top, open; attempt 2 last.
    const newest = attempts.first();
    await expect(newest.getByRole('heading', { name: 'Attempt 51' })).toBeVisible();
    await expect(attempts.last().getByRole('heading', { name: 'Attempt 2' })).toBeVisible();
    expect(await isOpen(newest)).toBe(true);
    await expect(newest.getByLabel('Response headers of attempt 51')).toContainText(MARK);
    await expect(newest.getByLabel('Response body of attempt 51 (the first 4 KiB)')).toHaveText(BODY);
    // Every older attempt is one line: its number, outcome, duration and time, its details closed.
    expect(await attempts.evaluateAll((els) => els.slice(1).filter((el) => (el as HTMLDetailsElement).open).length)).toBe(0);
    const older = attempts.nth(20);
    const olderLine = older.getByTestId('attempt-summary');
    await expect(olderLine.getByRole('heading', { name: 'Attempt 31' })).toBeVisible();
    await expect(olderLine).toContainText('Delivered');
    await expect(olderLine).toContainText('HTTP 200');
    await expect(olderLine).toContainText(/\d ms/);
    await expect(olderLine.locator('time')).toBeVisible();
    const lineBox = (await olderLine.boundingBox())!;
    expect(lineBox.height, 'a closed attempt is one line at 1280 px').toBeLessThan(48);
    await expect(older.getByLabel('Response body of attempt 31 (the first 4 KiB)')).toBeHidden();
    await expect(older.getByLabel('Response headers of attempt 31')).toBeHidden();
    // A failed attempt's line says how: the HTTP code, or the error when nothing was answered.
    const unavailable = attempts.nth(51 - 12).getByTestId('attempt-summary');
    await expect(unavailable.getByRole('heading', { name: 'Attempt 12' })).toBeVisible();
    await expect(unavailable).toContainText('Failed');
    await expect(unavailable).toContainText('HTTP 503');
    const hungUp = attempts.nth(51 - 22).getByTestId('attempt-summary');
    await expect(hungUp.getByRole('heading', { name: 'Attempt 22' })).toBeVisible();
    await expect(hungUp).toContainText('Failed');
    await expect(hungUp).toContainText('No answer');
    await expect(hungUp.getByTestId('attempt-error')).not.toBeEmpty();
    // The 503's error says no more than its code: it is not said twice.
    await expect(unavailable.getByTestId('attempt-error')).toHaveCount(0);
    // The page stays short: 50 open attempts made it some 44,000 px tall.
    const tall = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(tall, 'the page height at 1280 px').toBeLessThan(6000);
    await noSidewaysOverflow(page);
    await snap(page, 'events-many-attempts');

    // A click opens an older attempt: its response headers and body.
    await olderLine.click();
    expect(await isOpen(older)).toBe(true);
    await expect(older.getByLabel('Response headers of attempt 31')).toContainText(MARK);
    await expect(older.getByLabel('Response body of attempt 31 (the first 4 KiB)')).toHaveText(BODY);
    await expect(older.getByLabel('Request headers of attempt 31')).toContainText('x-service-delivery-attempt');
    await expect(older.getByTestId('attempt-status')).toHaveText('200');
    await noSidewaysOverflow(page);
    await snap(page, 'events-attempt-opened');
    // A second click closes it again.
    await olderLine.click();
    expect(await isOpen(older)).toBe(false);
    await expect(older.getByLabel('Response body of attempt 31 (the first 4 KiB)')).toBeHidden();

    // The keyboard: the summary takes focus, Enter opens it and Space closes it.
    const byKeys = attempts.nth(1);
    const byKeysLine = byKeys.getByTestId('attempt-summary');
    await byKeysLine.focus();
    await expect(byKeysLine).toBeFocused();
    await page.keyboard.press('Enter');
    expect(await isOpen(byKeys)).toBe(true);
    await expect(byKeys.getByLabel('Response body of attempt 50 (the first 4 KiB)')).toHaveText(BODY);
    await page.keyboard.press('Space');
    expect(await isOpen(byKeys)).toBe(false);

    // A disabled endpoint: Resend is off, saying why.
    const cfg = (await (await page.request.get('/api/partners/me/webhooks?environment=test')).json()) as { url: string; events: string[] };
    const off = await page.request.post('/api/partners/me/webhooks?environment=test', { data: { url: cfg.url, events: cfg.events, enabled: false } });
    expect(off.status()).toBe(200);
    await page.reload();
    const resend = page.getByRole('button', { name: 'Resend' });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAttribute('title', 'The endpoint is disabled');
  } finally {
    await new Promise((resolve) => hook.server.close(resolve));
  }
});

test('an unknown event’s page says it could not be loaded, and why', async ({ page, consoleErrors }) => {
  consoleErrors.allow(/status of 404 .*\/api\/partners\/me\/webhooks\/events\/evt_missing/);
  await signUp(page);
  await page.goto('/portal/events/evt_missing?env=test');
  await expect(page.getByText('This event could not be loaded')).toBeVisible();
  await expect(page.getByText("No event 'evt_missing'")).toBeVisible();
});
