import { expect, test } from '../fixtures';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('muting a store silences its reminders for me, and unmuting brings them back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page.request, { name: 'Mia Mute', email: uniqueEmail('mute') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Quiet Corner Cafe' });
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const title of ['Insurance certificate renewal', 'Health permit renewal']) {
    await apiCall(page.request, 'POST', '/reminders', { title, due_date: due, subject_type: 'store', subject_id: store.id });
  }

  await page.goto('/reminders');
  const rows = page.getByTestId('reminder-row');
  await expect(rows).toHaveCount(2);
  await rows.first().getByRole('button', { name: /^Mute/ }).click();
  await expect(page.getByText('No more e-mails about Quiet Corner Cafe.')).toBeVisible();
  // Both reminders are about the same store, so both show it muted.
  await expect(rows.getByText('Muted', { exact: true })).toHaveCount(2);
  await screenshot(page, 'reminders-muted-desktop');

  await page.reload();
  await expect(rows.getByText('Muted', { exact: true })).toHaveCount(2);
  const muteButton = rows.last().getByRole('button', { name: /^Unmute/ });
  await expect(muteButton).toHaveAttribute('aria-pressed', 'true');
  await muteButton.click();
  await expect(page.getByText('E-mails about Quiet Corner Cafe are back on.')).toBeVisible();
  await expect(rows.getByText('Muted', { exact: true })).toHaveCount(0);
  await page.reload();
  await expect(rows.first().getByRole('button', { name: /^Mute/ })).toHaveAttribute('aria-pressed', 'false');
});
