/** Signing in to the admin console in a browser test (the specs of the console share it). */
import type { Page } from '@playwright/test';
import { ADMIN } from './admin.js';
import { expect, type ConsoleGuard } from './fixtures.js';

/** Signed out, the console's "who am I?" answers 401: not an error of the page. */
export function allowSignedOut(guard: ConsoleGuard): void {
  guard.allow(/status of 401 .*\/api\/auth\/admin\/me$/);
}

/** Signs in through the console's own form (the e2e server's administrator unless said) and waits for Partners. */
export async function signInAsAdmin(page: Page, who: { email: string; password: string } = ADMIN): Promise<void> {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Partners' })).toBeVisible();
}
