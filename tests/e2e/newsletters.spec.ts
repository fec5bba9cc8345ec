import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { waitForMail, type ReceivedMail } from './mailbox';
import { dailyDigest, dueHour, farFromNow } from '../helpers/digests';
import {
  DEMO,
  DEMO_PASSWORD,
  DESKTOP,
  MOBILE,
  expectAccessible,
  loginWithStorage,
  publishedArticles,
  screenshots,
  uniqueEmail,
} from './helpers';

/** The message as a reader's client shows it: quoted-printable undone, HTML entities of the links undone. */
const bodyOf = (mail: ReceivedMail) =>
  mail.raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#38;/g, '&');

/**
 * An editor writes a headline, then publishes it in the dashboard with "Also e-mail it" ticked
 * (docs/decisions/069-newsletters.md).
 */
async function sendAlert(browser: Browser, request: APIRequestContext, headline: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const { token } = await loginWithStorage(page, request, DEMO.editor);
  const created = await request.post('/api/breaking-news', { headers: { Authorization: `Bearer ${token}` }, data: { headline } });
  expect(created.status()).toBe(201);
  await page.goto('/dashboard/breaking-news');
  await page.getByRole('button', { name: `Publish "${headline}"` }).click();
  const dialog = page.getByRole('dialog', { name: 'Publish Breaking News' });
  await dialog.getByRole('checkbox', { name: 'Also e-mail it to the subscribers of breaking-news alerts' }).check();
  await dialog.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Breaking news published and e-mailed to the subscribers of alerts.')).toBeVisible();
  await context.close();
}

/** A daily digest an admin adds and makes due once the reader has subscribed (tests/helpers/digests.ts). */
async function digestMadeDueLater(request: APIRequestContext, name: string) {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.admin, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
  const { timeZone } = (await (await request.get('/api/settings', { headers })).json()) as { timeZone: string };
  const created = await request.post('/api/newsletters', { headers, data: { ...dailyDigest(name, farFromNow(timeZone)), kind: 'daily' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return {
    async due() {
      const edited = await request.put(`/api/newsletters/${id}`, { headers, data: dailyDigest(name, await dueHour(timeZone)) });
      expect(edited.status()).toBe(200);
    },
  };
}

test.describe('newsletters: a reader subscribes from an article, confirms from the mail, receives the next issue and leaves', () => {
  for (const [width, viewport] of [
    [375, MOBILE],
    [1280, DESKTOP],
  ] as const) {
    // At 1280 px with JavaScript off: every form is a plain form the server answers.
    test(`at ${width} px${width === 1280 ? ', JavaScript off' : ''}`, async ({ browser, request }) => {
      // The digest's minute and its sending come on top of the journey.
      test.setTimeout(180_000);
      const context = await browser.newContext({ viewport, javaScriptEnabled: width !== 1280 });
      const page = await context.newPage();
      const accessible = () => (width === 1280 ? Promise.resolve() : expectAccessible(page));
      const email = uniqueEmail(`letters-${width}`);
      // The next issue is a digest made at its hour; at 375 px an editor's breaking-news alert comes first.
      const digest = `Evening digest ${width} ${Date.now().toString(36)}`;
      const evening = await digestMadeDueLater(request, digest);
      const [article] = (await publishedArticles(request, 'limit=1')).data;
      await page.goto(`/article/${article!.id}`);
      const box = page.getByRole('region', { name: 'Get our newsletter' });
      await box.getByLabel('Email address').fill(email);
      let since = Date.now();
      await box.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page).toHaveURL(/\/newsletters\?status=check-inbox$/);
      await expect(page.getByRole('status')).toHaveText('Check your inbox: we sent you a link to confirm your subscription.');
      await accessible();
      if (width === 375) await screenshots(page, 'newsletters');

      // The confirmation, read from the real SMTP server the app sends to.
      const confirm = await waitForMail(email, since);
      expect(confirm.subject).toBe('Confirm your subscription to Chronicle News');
      const link = /https?:\/\/[^\s"]+\/newsletters\/confirm\?token=[\w~.-]+/.exec(bodyOf(confirm))![0];
      await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
      await accessible();
      await page.getByRole('button', { name: 'Confirm my subscription' }).click();
      await expect(page).toHaveURL(/\/newsletters\/preferences\?token=.+&status=confirmed$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Your newsletters' })).toBeVisible();
      await expect(page.getByText(`Sent to ${email}.`)).toBeVisible();
      await expect(page.getByRole('checkbox', { name: /The daily briefing/ })).toBeChecked();
      const next = width === 1280 ? [new RegExp(digest)] : [new RegExp(digest), /Breaking news alerts/];
      for (const name of next) await page.getByRole('checkbox', { name }).check();
      await page.getByRole('button', { name: 'Save my choices' }).click();
      await expect(page.getByRole('status')).toHaveText('Your choices are saved.');
      for (const name of next) await expect(page.getByRole('checkbox', { name })).toBeChecked();
      await accessible();
      if (width === 375) await screenshots(page, 'newsletter-preferences');

      // The next issue, with its one-click List-Unsubscribe and a visible link: the digest, made within a minute by the
      // job, then sent; at 375 px the alert an editor sends meanwhile comes first.
      since = Date.now();
      await evening.due();
      if (width === 375) {
        await sendAlert(browser, request, `Storm warning for the coast (${width})`);
        const alert = await waitForMail(email, since, 30_000, (mail) => mail.subject.startsWith('Breaking: '));
        expect(alert.subject).toBe(`Breaking: Storm warning for the coast (${width})`);
      }
      const issue = await waitForMail(email, since, 100_000, (mail) => mail.subject.startsWith(`${digest}: `));
      expect(bodyOf(issue)).toMatch(/\/article\/[\w-]+\?ref=newsletter/);
      expect(issue.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
      const leave = /href="(https?:\/\/[^"]+\/newsletters\/preferences\?token=[\w.-]+&leave=1)"[^>]*>Unsubscribe</.exec(bodyOf(issue))![1]!;
      await page.goto(leave.replace(/^https?:\/\/[^/]+/, ''));
      await expect(page.getByRole('heading', { name: 'Unsubscribe from all our newsletters?' })).toBeVisible();
      await accessible();
      if (width === 375) await screenshots(page, 'newsletter-leave');
      await page.getByRole('button', { name: 'Unsubscribe from all' }).first().click();
      await expect(page.getByRole('status')).toHaveText('You are unsubscribed: we will not send you any newsletter.');
      for (const box of await page.getByRole('checkbox').all()) await expect(box).not.toBeChecked();
      await context.close();
    });
  }
});

test.describe('newsletters: an editor previews, tests and sends a special edition', () => {
  for (const [width, viewport] of [
    [375, MOBILE],
    [1280, DESKTOP],
  ] as const) {
    test(`at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize(viewport);
      await loginWithStorage(page, request, DEMO.editor);
      const titles = (await publishedArticles(request, 'limit=2')).data.map((a) => a.title);
      const subject = `The weekend special (${width}) ${Date.now().toString(36)}`;
      await page.goto('/dashboard/newsletters');
      await expect(page.getByRole('heading', { level: 1, name: 'Newsletters' })).toBeVisible();
      await page.getByRole('button', { name: 'New special edition' }).click();
      const panel = page.getByRole('region', { name: 'New special edition' });
      // The daily briefing, the first newsletter, is chosen to begin with.
      await expect(panel.getByLabel('Newsletter')).toHaveValue(/.+/);
      await panel.getByLabel('Subject').fill(subject);
      await panel.getByLabel('Intro').fill('Two stories for the weekend.');
      for (const title of titles) await panel.getByRole('checkbox', { name: title }).check();
      // Checked before the preview: axe cannot look inside its sandboxed frames (they run no script).
      await expectAccessible(page);
      await panel.getByRole('button', { name: 'Preview' }).click();
      for (const name of ['Preview at phone width', 'Preview at desktop width']) {
        const frame = page.frameLocator(`iframe[title="${name}"]`);
        await expect(frame.locator('body')).toContainText('Two stories for the weekend.');
        await expect(frame.locator('body')).toContainText(titles[0]!);
      }
      if (width === 1280) await screenshots(page, 'newsletter-special-edition');

      const since = Date.now();
      await panel.getByRole('button', { name: 'Send a test to me' }).click();
      await expect(page.getByText(`A test was sent to ${DEMO.editor}.`)).toBeVisible();
      expect((await waitForMail(DEMO.editor, since)).subject).toBe(`[Test] ${subject}`);

      await panel.getByRole('button', { name: 'Send now' }).click();
      await expect(page.getByText('The edition is sending.')).toBeVisible();
      const row = page.getByRole('row').or(page.getByRole('listitem')).filter({ hasText: subject });
      await expect(row.first()).toBeVisible();
      await expect(row.first()).toContainText(/sent/);
    });
  }
});

test('newsletters: an admin creates a digest, imports subscribers from CSV into it, and deletes it (375 px)', async ({ page, request }) => {
  await page.setViewportSize(MOBILE);
  await loginWithStorage(page, request, DEMO.admin);
  const name = `Evening ${Date.now().toString(36)}`;
  await page.goto('/dashboard/newsletters');
  await page.getByRole('button', { name: 'New newsletter' }).click();
  const form = page.getByRole('dialog', { name: 'New Newsletter' });
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Sent', { exact: true }).selectOption('weekly');
  await form.getByLabel('Day', { exact: true }).selectOption({ label: 'Friday' });
  await form.getByLabel('Hour (newsroom time)').selectOption({ label: '18:00' });
  await form.getByRole('button', { name: 'Create Newsletter' }).click();
  await expect(page.getByText('Newsletter created.')).toBeVisible();
  // At 375 px each newsletter is an item of a list, at 1280 px a row.
  const item = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: `Edit ${name}` }) });
  await expect(item).toContainText('Weekly digest');

  const [good, other] = [uniqueEmail('import-a'), uniqueEmail('import-b')];
  await page.getByRole('button', { name: 'Import CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Subscribers' });
  const file = (csv: string) => ({ name: 'subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // A list from elsewhere, without a newsletters column: the newsletter chosen for the file is every row's.
  await dialog.getByLabel('CSV file').setInputFiles(file(`email,consented_at\n${good},2025-06-01\nnobody,2025-06-01\n`));
  await dialog.getByRole('checkbox', { name: new RegExp(name) }).check();
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('1 row is wrong: nothing was imported');
  await expect(dialog.getByRole('list', { name: 'Rows to mend' })).toHaveText('Line 3: "nobody" is not an e-mail address');
  await expectAccessible(page);
  await dialog.getByLabel('CSV file').setInputFiles(file(`email,consented_at\n${good},2025-06-01\n\n${other},2025-06-02\n`));
  await dialog.getByRole('button', { name: 'Import' }).click();
  await expect(dialog.getByRole('status')).toContainText('2 addresses imported.');
  await expect(dialog.getByRole('status')).toContainText('2 new, 0 already subscribers');
  // The Import button is gone with the import: Close has the focus, not the page behind the dialog.
  await expect(dialog.getByRole('button', { name: 'Close', exact: true }).last()).toBeFocused();
  await screenshots(page, 'newsletter-import');
  await page.keyboard.press('Enter');
  await page.getByLabel('Address contains').fill(good);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(
    page
      .getByRole('list', { name: /Subscribers/ })
      .getByRole('listitem')
      .filter({ hasText: good }),
  ).toContainText(name.toLowerCase().replace(' ', '-'));
  // Two subscribers now: the count in the newsletter's item follows the import.
  await expect(item.getByRole('definition').nth(2)).toHaveText('2');

  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog', { name: 'Delete Newsletter' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Newsletter deleted.')).toBeVisible();
  await expect(item).toHaveCount(0);
});
