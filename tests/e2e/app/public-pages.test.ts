// The host rule, the landing page, the help center and the 404 page, in Debian Chromium.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Browser } from 'playwright-core';
import { CURRICULUM, curriculumStats } from '@/lib/data/curriculum.ts';
import { launchBrowser, openPage, MOBILE_VIEWPORT } from '../../setup/browser.ts';
import { createUser, expectNoSeriousA11yViolations, learnUrl, marketingUrl, screenshots } from './app-harness.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('host rule', () => {
  test('the learning host serves the app: / redirects an anonymous visitor to /login', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/`);
    await page.waitForURL(`${learnUrl}/login`);
    await expect.poll(() => page.getByRole('heading', { name: 'Login to continue' }).count()).toBe(1);
    await context.close();
  });

  test('any other host shows the landing page on every path, with links to the learning host', async () => {
    const { page, context } = await openPage(browser);
    for (const path of ['/', '/login', '/lessons?level=0&chapter=0', '/no/such/page']) {
      await page.goto(`${marketingUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Learn sign language faster with real-time feedback' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Login to continue' }).count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe(`${learnUrl}/register`);
    expect(await page.getByRole('link', { name: 'Sign Up' }).first().getAttribute('href')).toBe(`${learnUrl}/register`);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe(`${learnUrl}/`);
    await context.close();
  });
});

describe('the landing page from the address Vite prints, and after a login', () => {
  test("from 127.0.0.1 every link reaches the learning host; 'Watch a recorded signer' leads through the login to the recorded signer", async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    const ipUrl = marketingUrl.replace('//localhost', '//127.0.0.1');
    await page.goto(`${ipUrl}/`);
    await page.getByRole('heading', { level: 1, name: 'Learn sign language faster with real-time feedback' }).waitFor();
    expect(await page.getByRole('link', { name: 'Start free' }).getAttribute('href')).toBe(`${learnUrl}/register`);
    expect(await page.getByRole('link', { name: 'Sign Up' }).first().getAttribute('href')).toBe(`${learnUrl}/register`);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Start learning' }).getAttribute('href')).toBe(`${learnUrl}/`);
    // The FAQ names the languages the app teaches, as the stats band does.
    const faq = page.locator('.faq');
    await faq.getByRole('button', { name: 'Which sign language does it teach?' }).click();
    expect(await faq.textContent()).toMatch(/American Sign Language \(ASL\), Austrian Sign Language \(ÖGS\) and Brazilian Sign Language \(Libras\)/);
    expect(await faq.textContent()).not.toMatch(/only one with content/);
    // Followed: the recorded signer is a lesson, so the learning host asks for a login first,
    // then goes on to the recorded signer (not the home).
    await page.getByRole('link', { name: /^Watch a recorded signer/ }).click();
    await page.waitForURL((url) => url.href.startsWith(`${learnUrl}/login?next=`));
    const user = await createUser();
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${learnUrl}/camera?level=0&chapter=0&lesson=0&watch=signer`);
    await expect.poll(() => page.getByTestId('tracker-backend').textContent(), { timeout: 30_000 }).toMatch(/recorded signer/);
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('a login page sent another site as the place to return to goes home instead', async () => {
    const { page, context } = await openPage(browser);
    const user = await createUser();
    await page.goto(`${learnUrl}/login?next=${encodeURIComponent('//example.com/')}`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(`${learnUrl}/`);
    await context.close();
  });
});

describe('landing page', () => {
  test('has every section of product.md §2.2 Landing, computed stats, and passes axe', async () => {
    const { page, context, consoleErrors } = await openPage(browser);
    await page.goto(`${marketingUrl}/`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    // The hero shows no drawn demo: it links to lesson 1 done by the recorded signer.
    expect(await page.locator('.hero video').count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Watch a recorded signer/ }).getAttribute('href')).toBe(`${learnUrl}/camera?level=0&chapter=0&lesson=0&watch=signer`);
    expect(await page.getByRole('link', { name: 'See how it works' }).getAttribute('href')).toBe('#how_it_works');
    expect(await page.locator('#how_it_works').count()).toBe(1);
    expect(await page.locator('#features').count()).toBe(1);
    expect(await page.locator('#how_it_works .step').count()).toBe(3);
    expect(await page.locator('#features .feature-card').count()).toBe(6);
    // Three cards of what the product is built on, each naming its source, where product.md §2.2 Landing asks for
    // testimonials: no invented learner is quoted.
    const builtOn = page.locator('.built-on__item');
    expect(await builtOn.count()).toBe(3);
    for (const source of await page.locator('.built-on__item .built-on__source').allTextContents()) expect(source.trim()).not.toBe('');
    expect(await page.locator('main').textContent()).not.toMatch(/What learners say|testimonial/i);
    expect(await page.locator('.faq .accordion__trigger').count()).toBe(4);
    const stats = await page.locator('.stats__item').allTextContents();
    // The lesson length and the sign count are computed from the content, not product.md's claims.
    const computed = curriculumStats();
    expect(stats).toHaveLength(5);
    // The sign languages with content, from the curriculum.
    expect(await page.getByRole('list', { name: 'Sign languages' }).getByRole('listitem').allTextContents()).toEqual([
      `American Sign Language (ASL)${computed.signCount - computed.movingSignCount} letters, ${computed.movingSignCount} signs, ${computed.wordCount} words`,
      `Austrian Sign Language (ÖGS)${curriculumStats(CURRICULUM.asq).signCount} letters, ${curriculumStats(CURRICULUM.asq).wordCount} words`,
      `Brazilian Sign Language (Libras)${curriculumStats(CURRICULUM.bzs).signCount} letters, ${curriculumStats(CURRICULUM.bzs).wordCount} words`,
    ]);
    expect(stats.join(' ')).toContain('Real-time');
    expect(stats.join(' ')).toContain('Unlimited');
    const minutes = computed.lessonMinutes.min === computed.lessonMinutes.max ? `${computed.lessonMinutes.min} min` : `${computed.lessonMinutes.min}-${computed.lessonMinutes.max} min`;
    expect(stats[1]).toContain(minutes);
    expect(stats[2]).toContain(`${computed.signCount - computed.movingSignCount} letters, ${computed.movingSignCount} signs, ${computed.wordCount} words to fingerspell`);
    expect(stats.join(' ')).not.toMatch(/500|5-8 min/);
    expect(await page.getByRole('link', { name: 'Create free account' }).getAttribute('href')).toBe(`${learnUrl}/register`);
    expect(await page.locator('footer a[href^="mailto:"]').count()).toBe(1);
    // No placeholder links (social icons to the sites' home pages): every link that leaves the
    // page goes to the learning app.
    for (const href of await page.locator('a[href^="http"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
      expect(href.startsWith(learnUrl), href).toBe(true);
    }
    expect(await page.locator('footer').textContent()).toMatch(/©\s*\d{4}/);
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'landing');
    expect(consoleErrors).toEqual([]);
    await context.close();
  });

  test('shows "Continue learning" when a user email is known', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${marketingUrl}/`);
    await page.evaluate(() => sessionStorage.setItem('email', 'someone@example.com'));
    await page.reload();
    await page.getByRole('link', { name: 'Continue learning' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Start free' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Continue learning' }).count()).toBe(2);
    await context.close();
  });

  test('mobile menu opens and closes by keyboard', async () => {
    const { page, context } = await openPage(browser, { viewport: MOBILE_VIEWPORT });
    await page.goto(`${marketingUrl}/`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await toggle.focus();
    await page.keyboard.press('Enter');
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.waitFor({ state: 'visible' });
    expect(await mobileNav.getByRole('link').allTextContents()).toEqual(['Home', 'How it works', 'Features', 'Start learning', 'Sign Up']);
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Enter');
    await mobileNav.waitFor({ state: 'hidden' });
    await context.close();
  });
});

describe('keyboard', () => {
  test('the login form is reachable by Tab in order, with a visible focus ring', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/login`);
    await page.getByRole('heading', { name: 'Login to continue' }).waitFor();
    const seen: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        const name = el.getAttribute('aria-label') ?? (el as HTMLInputElement).labels?.[0]?.textContent ?? el.textContent ?? '';
        return { name: name.trim(), outline: style.outlineStyle, width: style.outlineWidth };
      });
      if (!focused) continue;
      seen.push(focused.name);
      expect(focused.outline, `focus ring on ${focused.name}`).not.toBe('none');
    }
    const order = ['Email', 'Password', 'Show password', 'Forgot Password?', 'Login', 'Sign Up'];
    expect(seen.filter((name) => order.includes(name))).toEqual(order);
    // Enter submits from a field.
    await page.getByLabel('Email', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Invalid email address', { exact: true }).waitFor();
    await context.close();
  });
});

describe('help center', () => {
  test('11 numbered questions; one open at a time; collapsible; keyboard usable', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/help_center`);
    await page.getByRole('heading', { name: 'Frequently Asked Questions' }).waitFor();
    const triggers = page.locator('.accordion__trigger');
    expect(await triggers.count()).toBe(11);
    expect(await triggers.first().textContent()).toMatch(/^1\. /);
    expect(await page.locator('.accordion').getByRole('region').count()).toBe(0);
    await triggers.nth(0).click();
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.accordion').getByRole('region').count()).toBe(1);
    await triggers.nth(3).focus();
    await page.keyboard.press('Enter');
    expect(await triggers.nth(0).getAttribute('aria-expanded')).toBe('false');
    expect(await triggers.nth(3).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.accordion').getByRole('region').count()).toBe(1);
    await page.keyboard.press('Space');
    expect(await triggers.nth(3).getAttribute('aria-expanded')).toBe('false');
    expect(await page.locator('.accordion').getByRole('region').count()).toBe(0);
    await triggers.nth(1).click();
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'help-center');
    await context.close();
  });
});

describe('404', () => {
  test('an unknown route shows the 404 page with a link home', async () => {
    const { page, context } = await openPage(browser);
    await page.goto(`${learnUrl}/no/such/page`);
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    const home = page.getByRole('link', { name: 'Go To Home' });
    expect(await home.getAttribute('href')).toBe('/');
    await expectNoSeriousA11yViolations(page);
    await screenshots(page, 'not-found');
    await home.click();
    await page.waitForURL(`${learnUrl}/login`);
    await context.close();
  });
});
