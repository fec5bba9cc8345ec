import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectToast, pageAs, screenshotsAtBothWidths, tokenOf, unique } from './dashboard-helpers';
import { DEMO, DEMO_PASSWORD, DESKTOP, expectAccessible } from './helpers';

/**
 * Issue 28's audit log (docs/decisions/067-audit-log.md): an editor's action is in the admin's Audit Log, found by
 * person and action, with its record's history and its changes; the CSV export holds it; the screen is accessible and
 * fits 375 and 1280 px.
 */
test('an admin finds an editor’s action in the audit log, opens its record’s history and exports it as CSV', async ({ browser }) => {
  const editor = await pageAs(browser, DEMO.editor, DEMO_PASSWORD);
  const admin = await pageAs(browser, DEMO.admin, DEMO_PASSWORD);
  try {
    // The editor writes a draft and sends it to review: nothing public changes.
    const title = unique('Audit trail of the harbour budget');
    const auth = { Authorization: `Bearer ${await tokenOf(editor)}` };
    const categories = (await (await editor.request.get('/api/categories')).json()) as { id: string }[];
    const created = await editor.request.post('/api/articles', {
      headers: auth,
      data: { title, summary: 'Who changed what.', content: '<p>Minutes.</p>', categoryId: categories[0]!.id },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await editor.request.post(`/api/articles/${id}/submit`, { headers: auth })).status()).toBe(200);

    await admin.setViewportSize(DESKTOP);
    await admin.goto('/dashboard');
    await admin.getByRole('navigation').getByRole('link', { name: 'Audit Log' }).click();
    await expect(admin).toHaveURL('/dashboard/audit');
    await expect(admin.getByRole('heading', { name: 'Audit Log' })).toBeVisible();

    const filters = admin.getByRole('search', { name: 'Filter the audit log' });
    await filters.getByLabel('Person').selectOption({ label: 'Eddie Editor' });
    await filters.getByLabel('Action').selectOption({ label: 'Submitted for review' });
    await expect(admin).toHaveURL(/actor=.+&action=article.submit/);
    const table = admin.getByRole('table', { name: 'Audit log' });
    const row = table.getByRole('row').filter({ hasText: title });
    // The list of the person alone may still show while the action's filter loads: wait for the one row.
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Eddie Editor');
    await expect(row).toContainText('Submitted for review');
    // The arrow is for the eye; a screen reader hears "changed to".
    await expect(row).toContainText('status: draft → changed to review');
    await expectAccessible(admin);

    // Its history: writing it, then submitting it, newest first.
    await row.getByRole('button', { name: title }).click();
    await expect(admin).toHaveURL(new RegExp(`targetId=${id}`));
    await filters.getByLabel('Action').selectOption({ label: 'Any action' });
    await expect(table.getByRole('row')).toHaveCount(3);
    await expect(table.getByRole('row').nth(1)).toContainText('Submitted for review');
    await expect(table.getByRole('row').nth(2)).toContainText('Wrote an article');
    await screenshotsAtBothWidths(admin, 'audit-log');

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\n')[0]).toBe('When (UTC),Who,Role,From,Action,Action key,Target type,Target,Target id,Changes');
    expect(csv).toContain(`Submitted for review,article.submit,article,${title},${id}`);
    await expectToast(admin, 'Success', /The audit log was saved as audit-log-/);

    // An editor has no audit log: no menu entry, and its address leads back to the overview.
    await editor.goto('/dashboard/audit');
    await expect(editor).toHaveURL('/dashboard');
  } finally {
    await editor.context().close();
    await admin.context().close();
  }
});
