// The account menu, change username, change password, feedback and logout.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../../setup/browser.ts';
import { createUser, dbAdminGet, expectNoSeriousA11yViolations, expectToast, fieldError, learnUrl, logIn, screenshots, uniqueName } from './app-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const field = (page: Page, label: string) => page.getByLabel(label, { exact: true });

describe('account menu', () => {
  test('shows the avatar letter, name and email, its links, and works by keyboard', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    const button = page.getByRole('button', { name: `Account menu for ${user.username}` });
    await button.waitFor();
    expect((await button.textContent())?.trim()).toBe(user.username.charAt(0).toUpperCase());
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: 'Account' });
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    expect(await menu.getByTestId('account-name').textContent()).toBe(user.username);
    expect(await menu.textContent()).toContain(user.email);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Change username', 'Change password', 'Send feedback', 'FAQ', 'Log out']);
    // Focus starts on the first item; arrows move; Escape closes and returns focus.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change username');
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Change password');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Log out');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'account-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup'))).toBe('menu');
    // Enter on a link navigates.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${learnUrl}/feedback`);
    await context.close();
  });

  test('log out clears session storage and shows the toast', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    expect(await page.evaluate(() => sessionStorage.length)).toBeGreaterThan(3);
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expectToast(page, 'Logged out successfully.');
    await page.waitForURL(`${learnUrl}/login`);
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    // Signed out for real: the home redirects again.
    await page.goto(`${learnUrl}/`);
    await page.waitForURL(`${learnUrl}/login`);
    await context.close();
  });
});

describe('change username', () => {
  test('validation, a taken name, then a successful change', async () => {
    const other = await createUser();
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.goto(`${learnUrl}/change_username`);
    await page.getByRole('heading', { name: 'Change Username' }).waitFor();
    const current = field(page, 'Current username');
    await current.waitFor();
    expect(await current.inputValue()).toBe(user.username);
    expect(await current.getAttribute('readonly')).not.toBeNull();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'change-username');

    const submit = () => page.getByRole('button', { name: 'Update' }).click();
    await field(page, 'New username').fill('ab');
    await submit();
    await expect.poll(() => fieldError(page, 'New username')).toBe('Username must be at least 3 characters.');
    await field(page, 'New username').fill('a'.repeat(21));
    await expect.poll(() => fieldError(page, 'New username')).toBe('Username must be less than 20 characters.');
    await field(page, 'New username').fill('bad-name!');
    await expect.poll(() => fieldError(page, 'New username')).toBe('Username can only contain letters, numbers, underscores, and spaces.');
    await screenshots(page, 'change-username-errors');

    await field(page, 'New username').fill(other.username);
    await submit();
    await expect.poll(() => fieldError(page, 'New username'), { timeout: 10_000 }).toBe('Username is already in use');
    // Your own current name is not 'in use' by someone else.
    await field(page, 'New username').fill(` ${user.username} `);
    await submit();
    await expect.poll(() => fieldError(page, 'New username'), { timeout: 10_000 }).toBe('That is already your username.');
    expect(page.url()).toBe(`${learnUrl}/change_username`);

    const fresh = uniqueName('renamed');
    await field(page, 'New username').fill(fresh);
    await submit();
    await expectToast(page, 'Username changed successfully.');
    await page.waitForURL(`${learnUrl}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(fresh);
    expect(await dbAdminGet(`users/${user.uid}/info/username`)).toBe(fresh);
    expect(await dbAdminGet(`usernames/${fresh}`)).toEqual({ uid: user.uid });
    expect(await dbAdminGet(`usernames/${user.username}`)).toBeNull();
    await page.getByRole('button', { name: `Account menu for ${fresh}` }).waitFor();
    await context.close();
  });
});

describe('change password', () => {
  test('validation, wrong old password, then success and the new password works', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.goto(`${learnUrl}/change_password`);
    await page.getByRole('heading', { name: 'Change Password' }).waitFor();
    // The decorative side image shows on wide screens only.
    const aside = page.locator('img.account-layout__aside');
    await expect.poll(() => aside.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await aside.isVisible()).toBe(true);
    expect(await aside.getAttribute('alt')).toBe('');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await aside.isVisible()).toBe(false);
    await page.setViewportSize({ width: 1366, height: 900 });
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'change-password');
    const submit = () => page.getByRole('button', { name: 'Update' }).click();

    await field(page, 'Old password').fill('abc');
    await field(page, 'New password').fill('abc');
    await field(page, 'Confirm new password').fill('abc');
    await submit();
    await expect.poll(() => fieldError(page, 'Old password')).toBe('Old password must be at least 6 characters long.');
    expect(await fieldError(page, 'New password')).toBe('New password must be at least 6 characters long.');
    expect(await fieldError(page, 'Confirm new password')).toBe('Confirmation password must be at least 6 characters long.');
    await screenshots(page, 'change-password-errors');
    // The old password's bound is 4 although its message says 6 (product.md §5 Validation).
    await field(page, 'Old password').fill('abcd');
    await expect.poll(() => fieldError(page, 'Old password')).toBe('');
    for (const [value, message] of [
      ['123456!', 'New password must contain at least one letter.'],
      ['abcdef!', 'New password must contain at least one number.'],
      ['abcdef1', 'New password must contain at least one special character.'],
    ] as const) {
      await field(page, 'New password').fill(value);
      await expect.poll(() => fieldError(page, 'New password')).toBe(message);
    }
    await field(page, 'Old password').fill(user.password);
    await field(page, 'New password').fill('newpass1!');
    await field(page, 'Confirm new password').fill('newpass1?');
    await submit();
    await expect.poll(() => fieldError(page, 'Confirm new password')).toBe('Passwords must match');

    // Show/hide works on each field.
    await page.getByRole('button', { name: 'Show old password' }).click();
    expect(await field(page, 'Old password').getAttribute('type')).toBe('text');

    await field(page, 'Old password').fill('wrong-old-1!');
    await field(page, 'Confirm new password').fill('newpass1!');
    await submit();
    await expectToast(page, 'The old password is incorrect.');
    expect(page.url()).toBe(`${learnUrl}/change_password`);

    await field(page, 'Old password').fill(user.password);
    await submit();
    await expectToast(page, 'Password changed successfully.');
    await page.waitForURL(`${learnUrl}/`);
    await context.close();

    const second = await openPage(browser);
    await logIn(second.page, { email: user.email, password: 'newpass1!' });
    await second.context.close();
  });

  test('back button: lesson params go to the lessons, no lesson goes home', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.goto(`${learnUrl}/change_password?level=0&chapter=1&lesson=0`);
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${learnUrl}/lessons?level=0&chapter=1`);
    await page.goto(`${learnUrl}/change_password?level=0&chapter=1`);
    await page.getByRole('button', { name: 'Go back' }).click();
    await page.waitForURL(`${learnUrl}/`);
    await context.close();
  });
});

describe('feedback', () => {
  test('validation, then sending shows the success toast and resets the form', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await logIn(page, user);
    await page.goto(`${learnUrl}/feedback`);
    await page.getByRole('heading', { name: 'We Value Your Feedback' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'feedback');
    const box = field(page, 'Your feedback');
    await box.fill('too short');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expect.poll(() => fieldError(page, 'Your feedback')).toBe('Feedback must be at least 10 characters.');
    await box.fill('x'.repeat(501));
    await expect.poll(() => fieldError(page, 'Your feedback')).toBe('Feedback must be less than 500 characters.');
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/receive_feedback')) requests.push(request.postData() ?? '');
    });
    await box.fill('The lessons are great, thank you!');
    await page.getByRole('button', { name: 'Send Feedback' }).click();
    await expectToast(page, 'Feedback sent successfully!');
    await expect.poll(() => box.inputValue()).toBe('');
    expect(requests).toEqual([JSON.stringify({ feedback: 'The lessons are great, thank you!' })]);
    await context.close();
  });
});
