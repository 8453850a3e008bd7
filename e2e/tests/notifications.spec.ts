import { expect, test } from '../fixtures';
import { linkFromMail } from '../mail';
import { apiCall, registerViaApi, screenshot, uniqueEmail } from '../support';

test('muting a store silences its reminders for me, and unmuting brings them back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page.request, { name: 'Mia Mute', email: uniqueEmail('mute') });
  const store = await apiCall(page.request, 'POST', '/stores', { name: 'Quiet Corner Cafe' });
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  for (const title of ['Insurance certificate renewal', 'Health permit renewal']) {
    await apiCall(page.request, 'POST', '/reminders', {
      title,
      due_date: due,
      subject_type: 'store',
      subject_id: store.id,
    });
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

test('an observer reads reminders and mutes them, but sees no complete, snooze or comment actions', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const owner = await registerViaApi(page.request, { name: 'Rita Roles', email: uniqueEmail('rem-owner') });
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const reminder = await apiCall(page.request, 'POST', '/reminders', {
    title: 'Renew the fire inspection',
    due_date: due,
  });
  const observerEmail = uniqueEmail('rem-observer');
  await apiCall(page.request, 'POST', `/teams/${owner.team_id}/invitations`, {
    email: observerEmail,
    role: 'observer',
  });
  const link = new URL(await linkFromMail(observerEmail, /\/teams\/register\//));
  // The signed link proves the address: its token and signature go with the registration.
  const invitee = {
    name: 'Otto Observer',
    email: observerEmail,
    invitation: link.pathname.split('/').pop()!,
    invitation_signature: link.searchParams.get('signature') ?? '',
  };

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await context.newPage();
  await registerViaApi(other.request, invitee);
  await other.goto('/reminders');
  const row = other.getByTestId('reminder-row').filter({ hasText: 'Renew the fire inspection' });
  await expect(row).toBeVisible();
  await expect(row.getByRole('button', { name: /^Mute/ })).toBeVisible();
  await expect(row.getByRole('button', { name: /^Mark complete/ })).toHaveCount(0);
  await expect(row.getByRole('button', { name: /^Snooze/ })).toHaveCount(0);
  await other.goto(`/reminders/${reminder.id}/comments`);
  await expect(other.getByRole('heading', { name: 'Renew the fire inspection' })).toBeVisible();
  await expect(other.getByLabel('Add a comment')).toHaveCount(0);
  await context.close();

  // The owner (an admin) still has them.
  await page.goto('/reminders');
  const mine = page.getByTestId('reminder-row').filter({ hasText: 'Renew the fire inspection' });
  await expect(mine.getByRole('button', { name: /^Mark complete/ })).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Snooze/ })).toBeVisible();
});
