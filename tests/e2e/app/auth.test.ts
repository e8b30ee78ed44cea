// Register, login, forgot password and the protected-route redirect, with every validation
// message of product.md §5 Validation for these forms and the section 8 toasts.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage } from '../../setup/browser.ts';
import { createUser, expectNoSeriousA11yViolations, expectToast, fieldError, learnUrl, logIn, screenshots, uniqueName } from './app-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function fillRegister(page: Page, values: { username: string; email: string; password: string; confirmPassword: string }) {
  await page.getByLabel('Username', { exact: true }).fill(values.username);
  await page.getByLabel('Email', { exact: true }).fill(values.email);
  await page.getByLabel('Password', { exact: true }).fill(values.password);
  await page.getByLabel('Confirm password', { exact: true }).fill(values.confirmPassword);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}

describe('register', () => {
  test('a new learner signs up and the learning home shows level 1', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/register`);
    await page.getByRole('heading', { name: 'Sign up to continue' }).waitFor();
    // The password's hint names the special characters that count, and the input is described by it.
    const hint = 'At least 6 characters: letters, numbers and at least one of @ $ ! % * # ? & (no spaces or other symbols).';
    expect(await page.getByLabel('Password', { exact: true }).evaluate((input) => document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent)).toBe(hint);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'register');
    const username = uniqueName('new');
    await fillRegister(page, { username, email: `${username.toLowerCase()}@example.com`, password: 'abc123!', confirmPassword: 'abc123!' });
    await expectToast(page, 'Account created successfully.');
    await page.waitForURL(`${learnUrl}/`);
    await page.getByRole('button', { name: /Level 1$/ }).waitFor();
    const session = await page.evaluate(() => ({ uid: sessionStorage.getItem('uid'), username: sessionStorage.getItem('username'), email: sessionStorage.getItem('email') }));
    expect(session.username).toBe(username);
    expect(session.email).toBe(`${username.toLowerCase()}@example.com`);
    expect(session.uid).toBeTruthy();
    await context.close();
  });

  test('every register validation message, in red under its field', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/register`);
    await fillRegister(page, { username: 'ab', email: 'not-an-email', password: 'abcdef', confirmPassword: 'x' });
    await page.getByText('Username must be at least 3 characters.').waitFor();
    expect(await fieldError(page, 'Username')).toBe('Username must be at least 3 characters.');
    expect(await fieldError(page, 'Email')).toBe('Invalid email address.');
    expect(await fieldError(page, 'Password')).toBe('Password must include letters, numbers, and special characters.');
    await page.getByText('at least one of @ $ ! % * # ? &').waitFor(); // the hint stays under the error
    const usernameInput = page.getByLabel('Username', { exact: true });
    expect(await usernameInput.getAttribute('aria-invalid')).toBe('true');
    const colors = await usernameInput.evaluate((input) => ({
      border: getComputedStyle(input).borderTopColor,
      text: getComputedStyle(document.getElementById(input.getAttribute('aria-describedby')!)!).color,
    }));
    expect(colors.border).toBe('rgb(200, 30, 30)');
    expect(colors.text).toBe('rgb(200, 30, 30)');
    await screenshots(page, 'register-errors');

    await page.getByLabel('Username', { exact: true }).fill('a'.repeat(21));
    await page.getByText("Username can't be more than 20 characters.").waitFor();
    // A missing kind of character gets the product's text; too short and a character outside the
    // allowed set say exactly that.
    const allowed = 'Password can only contain letters (a-z, A-Z), numbers, and the special characters @ $ ! % * # ? &';
    for (const [bad, message] of [
      ['abcdefg!', 'Password must include letters, numbers, and special characters.'],
      ['1234567!', 'Password must include letters, numbers, and special characters.'],
      ['abc1234', 'Password must include letters, numbers, and special characters.'],
      ['a1!', 'Password must be at least 6 characters.'],
      ['abc-def12', `${allowed} (not "-").`],
      ['abc 12!', `${allowed} (not spaces).`],
    ] as Array<[string, string]>) {
      await page.getByLabel('Password', { exact: true }).fill(bad);
      await expect.poll(() => fieldError(page, 'Password')).toBe(message);
    }
    await page.getByLabel('Password', { exact: true }).fill('abc123#');
    await expect.poll(() => fieldError(page, 'Password')).toBe('');

    await fillRegister(page, { username: 'valid_name', email: 'a@example.com', password: 'abc123#', confirmPassword: 'abc123$' });
    await expect.poll(() => fieldError(page, 'Confirm password')).toBe('Passwords must match');
    await context.close();
  });

  test('a taken username and an email already in use are refused with the product texts, each under its field', async () => {
    const existing = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/register`);
    await fillRegister(page, { username: existing.username, email: `${uniqueName('x')}@example.com`, password: 'abc123!', confirmPassword: 'abc123!' });
    await expect.poll(() => fieldError(page, 'Username'), { timeout: 10_000 }).toBe('Username is already in use');
    await fillRegister(page, { username: uniqueName('fresh'), email: existing.email, password: 'abc123!', confirmPassword: 'abc123!' });
    // Under its field, as the taken username is.
    await expect.poll(() => fieldError(page, 'Email'), { timeout: 10_000 }).toBe('Email already in use');
    expect(await page.locator('[data-sonner-toast]').filter({ hasText: 'Email already in use' }).count()).toBe(0);
    expect(page.url()).toBe(`${learnUrl}/register`);
    await context.close();
  });

  test('the submit button reads "Signing Up..." and is disabled while submitting', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/register`);
    // Hold the auth emulator's reply so the submitting state can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/identitytoolkit.googleapis.com/**', async (route) => {
      await held;
      await route.continue();
    });
    await page.route('**/accounts:signUp**', async (route) => {
      await held;
      await route.continue();
    });
    const username = uniqueName('slow');
    await fillRegister(page, { username, email: `${username.toLowerCase()}@example.com`, password: 'abc123!', confirmPassword: 'abc123!' });
    const button = page.getByRole('button', { name: 'Signing Up...' });
    await button.waitFor();
    expect(await button.isDisabled()).toBe(true);
    release();
    await page.waitForURL(`${learnUrl}/`);
    await context.close();
  });
});

describe('login', () => {
  test('wrong credentials show the failure toast; validation messages', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/login`);
    await page.getByRole('heading', { name: 'Login to continue' }).waitFor();
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot_password');
    expect(await page.getByRole('link', { name: 'Sign Up' }).getAttribute('href')).toBe('/register');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'login');

    await page.getByLabel('Email', { exact: true }).fill('nope');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Invalid email address');
    expect(await fieldError(page, 'Password')).toBe('Password must be at least 6 characters');

    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expectToast(page, 'Login failed. Please check your credentials.');
    expect(page.url()).toBe(`${learnUrl}/login`);
    await context.close();
  });

  test('a failure toast does not outlive the successful login that follows it', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/login`);
    const failures = page.locator('[data-sonner-toast]').filter({ hasText: 'Login failed. Please check your credentials.' });
    for (let attempt = 0; attempt < 2; attempt++) {
      await page.getByLabel('Email', { exact: true }).fill(user.email);
      await page.getByLabel('Password', { exact: true }).fill('wrong-password');
      await page.getByRole('button', { name: 'Login' }).click();
      await expectToast(page, 'Login failed. Please check your credentials.');
    }
    expect(await failures.count()).toBe(1); // repeated failures do not pile up
    // The pointer rests on the toast, which holds its timer: only the login can take it away.
    await failures.first().hover();
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL(`${learnUrl}/`);
    await expect.poll(() => failures.count(), { timeout: 3_000 }).toBe(0);
    await context.close();
  });

  test('show/hide toggles the password and a user logs in to the learning home', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/login`);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(user.password);
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await logIn(page, user);
    expect(await page.evaluate(() => sessionStorage.getItem('username'))).toBe(user.username);
    await context.close();
  });
});

describe('forgot password', () => {
  test('validation, success toast and the 60-second resend countdown', async () => {
    const user = await createUser();
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/forgot_password`);
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'forgot-password');
    await page.getByLabel('Email', { exact: true }).fill('bad@');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect.poll(() => fieldError(page, 'Email')).toBe('Please enter a valid email address.');
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expectToast(page, 'Password reset email sent. Pleaes check your email');
    const waiting = page.getByRole('button', { name: /Please wait \d+ seconds to resend\./ });
    await waiting.waitFor();
    expect(await waiting.isDisabled()).toBe(true);
    const first = Number((await waiting.textContent())?.match(/\d+/)?.[0]);
    expect(first).toBeGreaterThanOrEqual(58);
    expect(first).toBeLessThanOrEqual(60);
    await page.waitForTimeout(2200);
    const later = Number((await waiting.textContent())?.match(/\d+/)?.[0]);
    expect(later).toBeLessThanOrEqual(first - 2);
    await context.close();
  });
});

describe('protected routes', () => {
  test('a spinner shows while the sign-in state loads', async () => {
    const { page, context } = await openPage(browser);
    // Hold the auth listener's module: the auth state stays 'loading'.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/auth-listener/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${learnUrl}/`);
    await page.getByRole('status').filter({ hasText: 'Checking sign-in' }).waitFor();
    expect(page.url()).toBe(`${learnUrl}/`);
    // The username page says so in words (product.md §2 Screens).
    await page.goto(`${learnUrl}/change_username`);
    await page.getByText('Loading user information...').waitFor();
    release();
    await page.waitForURL(`${learnUrl}/login`);
    await context.close();
  });

  test('every protected route sends an anonymous visitor to /login', async () => {
    const { page, context } = await openPage(browser);
    for (const path of ['/', '/lessons?level=0&chapter=0', '/camera?level=0&chapter=0&lesson=0', '/change_username', '/change_password', '/feedback']) {
      await page.goto(`${learnUrl}${path}`);
      // The login page may carry the page asked for (to return there once logged in), never another.
      await page.waitForURL((url) => {
        const next = url.searchParams.get('next');
        return url.pathname === '/login' && (next === null || next === path);
      });
    }
    await context.close();
  });
});
