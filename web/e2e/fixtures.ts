/**
 * What every browser test shares: a test fails on any console error or uncaught page error
 * (an expected failed request is allowed by the test that causes it), each test comes from an
 * address of its own, and screenshots of a page at the two sizes the portal is designed for.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, request, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN } from './admin.js';

export { expect };

export const SCREENSHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'screenshots');
export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'mobile', width: 390, height: 844 },
] as const;

export interface ConsoleGuard {
  /** Lets console errors matching `pattern` pass (text and source URL): a failed request the test causes on purpose. */
  allow(pattern: RegExp): void;
}

// Playwright starts a new worker after a failed test: counting from the process id keeps the new
// worker's addresses apart from the old one's (whose sign-in lockouts would otherwise carry over).
let address = (process.pid % 200) * 50;

export const test = base.extend<{ consoleErrors: ConsoleGuard; clientAddress: string }>({
  // Sign-in lockouts and per-address limits count by client address (the server trusts
  // X-Forwarded-For from 127.0.0.1 here): each test, its page and its API requests, has its own.
  clientAddress: async ({}, use) => {
    address += 1;
    await use(`198.18.${Math.floor(address / 250)}.${(address % 250) + 1}`);
  },
  context: async ({ context, clientAddress }, use) => {
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': clientAddress });
    await use(context);
  },
  request: async ({ playwright, baseURL, clientAddress }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': clientAddress } });
    await use(request);
    await request.dispose();
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // "Am I signed in?" answers 401 to anyone signed out: that is not an error of the page.
      const allowed: RegExp[] = [/status of 401 .*\/api\/auth\/partner\/me$/];
      page.on('console', (m) => {
        if (m.type() !== 'error') return;
        const text = `${m.text()} ${m.location().url}`;
        if (!allowed.some((r) => r.test(text))) errors.push(text);
      });
      page.on('pageerror', (e) => errors.push(`uncaught: ${e.message}`));
      await use({ allow: (r) => allowed.push(r) });
      expect(errors, 'no console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Full-page screenshots of the current page at 1280×800 and 390×844, in web/e2e/screenshots/ (git-ignored). */
export async function snap(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const before = page.viewportSize();
  for (const s of SIZES) {
    await page.setViewportSize({ width: s.width, height: s.height });
    // Let the layout (and a chart's ResizeObserver) settle at the new width.
    await page.waitForTimeout(250);
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}-${s.width}x${s.height}.png`), fullPage: true, animations: 'disabled' });
  }
  if (before) await page.setViewportSize(before);
}

let n = 0;
/** A fresh partner's sign-up details. */
export function newPartner(label = 'Acme') {
  n += 1;
  const id = `${Date.now().toString(36)}${n}`;
  return { company_name: `${label} ${id}`, contact_name: 'Ada Lovelace', email: `ada+${id}@example.com`, password: `correct horse ${id}` };
}

/**
 * The newest link to `/portal/<pagePath>?token=…` mailed to `to` (path and query), read from the mail outbox through the
 * administrator's API, so it works on either database. Mail is written just after the answer that causes it: polled.
 */
export async function mailedLink(to: string, pagePath: string): Promise<string> {
  const admin = await request.newContext({
    baseURL: test.info().project.use.baseURL,
    // An address of its own, clear of the test's sign-in limits.
    extraHTTPHeaders: { 'x-forwarded-for': `198.19.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
  });
  try {
    const login = await admin.post('/api/auth/admin/login', { data: ADMIN });
    expect(login.status(), await login.text()).toBe(200);
    const pattern = new RegExp(`https?://\\S+/portal/${pagePath}\\?token=[A-Za-z0-9_-]+`);
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const r = await admin.get('/api/admin/mail-outbox?limit=500');
          const items = ((await r.json()) as { items: { to: string; text: string }[] }).items;
          link = items.filter((m) => m.to.toLowerCase() === to.toLowerCase()).map((m) => pattern.exec(m.text)?.[0]).find(Boolean);
          return link;
        },
        { timeout: 15_000 },
      )
      .toBeTruthy();
    const url = new URL(link!);
    return url.pathname + url.search;
  } finally {
    await admin.dispose();
  }
}

/** Signs up through the API in a request context: the form, then the mailed link with the password; the session cookie lands in that context. */
export async function signUpWith(api: APIRequestContext, who = newPartner()): Promise<typeof who & { id: string }> {
  const r = await api.post('/api/auth/partner/register', { data: who });
  expect(r.status(), await r.text()).toBe(200);
  const token = new URLSearchParams((await mailedLink(who.email, 'sign-up/confirm')).split('?')[1]).get('token');
  const c = await api.post('/api/auth/partner/register/confirm', { data: { token, password: who.password } });
  expect(c.status(), await c.text()).toBe(200);
  const body = (await c.json()) as { partner: { id: string } };
  return { ...who, id: body.partner.id };
}

/** Signs up through the API in the page's context: the session cookie lands in the browser. */
export function signUp(page: Page, who = newPartner()): Promise<typeof who & { id: string }> {
  return signUpWith(page.request, who);
}

/** The partner's key slots, read through the session API (the page's cookie). */
export async function keysOf(page: Page): Promise<{ environment: string; key: string; masked: string }[]> {
  const r = await page.request.get('/api/partners/me/api-keys');
  expect(r.status()).toBe(200);
  return (await r.json()) as { environment: string; key: string; masked: string }[];
}

export const CALCULATION = { end_user_id: 'user_1', cash_balance: 2500, upcoming_bills: [{ amount: 1200, due_in_days: 5 }], cash_buffer: 300 };

/** Calls calculate with a key, as a partner's server does; answers the status. */
export async function calculate(request: APIRequestContext, key: string, endUser = 'user_1'): Promise<number> {
  const r = await request.post('/api/v1/calculate/safe-to-spend', { headers: { 'x-api-key': key }, data: { ...CALCULATION, end_user_id: endUser } });
  return r.status();
}

/**
 * At 1280×800 `control` lies wholly on the page and inside its table's box (not cut off by the table's own sideways
 * scroll), and neither the page nor the table scrolls sideways.
 */
export async function fitsAt1280(page: Page, control: Locator): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(control).toBeVisible();
  const box = (await control.boundingBox())!;
  expect(box.x + box.width, 'the control’s right edge lies inside the viewport').toBeLessThanOrEqual(1280);
  const wrap = control.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " table-wrap ")]');
  const fit = await wrap.evaluate((w) => ({ right: w.getBoundingClientRect().right, scroll: w.scrollWidth, client: w.clientWidth }));
  expect(box.x + box.width, 'the control’s right edge lies inside its table').toBeLessThanOrEqual(fit.right);
  expect(fit.scroll, 'the table does not scroll sideways').toBeLessThanOrEqual(fit.client);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
}

/** `locator` (a date in a table) reads on one line: an inline box broken over lines has one rectangle a line. */
export async function oneLine(locator: Locator): Promise<void> {
  await expect(locator).toBeVisible();
  expect(await locator.evaluate((e) => e.getClientRects().length), 'the date reads on one line').toBe(1);
}

/** `lower` begins at least `min` px below where `upper` ends: the two do not touch. */
export async function spaced(upper: Locator, lower: Locator, min = 8): Promise<void> {
  const a = (await upper.boundingBox())!;
  const b = (await lower.boundingBox())!;
  expect(b.y - (a.y + a.height), 'the space between the two').toBeGreaterThanOrEqual(min);
}

/** `a` and `b` (controls side by side in one row) are one height and end on one line. */
export async function sameHeight(a: Locator, b: Locator): Promise<void> {
  const x = (await a.boundingBox())!;
  const y = (await b.boundingBox())!;
  expect(Math.abs(x.height - y.height), 'the two controls are one height').toBeLessThanOrEqual(1);
  expect(Math.abs(x.y + x.height - (y.y + y.height)), 'the two controls end on one line').toBeLessThanOrEqual(1);
}
