import { expect, test } from '../fixtures';
import { logIn, registerViaApi, uniqueEmail } from '../support';

test('"Log out other devices" on the profile page signs out another browser after a confirmation, and this one stays', async ({ page, browser }) => {
  const email = uniqueEmail('devices');
  await registerViaApi(page.request, { name: 'Devi Sessions', email });

  // A second browser (another device) signed in as the same user.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, email);

  await page.goto('/account/profile');
  await page.getByRole('button', { name: 'Log out other devices' }).click();
  // The dialog element itself has no box (its panel is positioned fixed): its heading shows it is open.
  const dialog = page.getByRole('dialog', { name: 'Log out other devices?' });
  await expect(dialog.getByRole('heading', { name: 'Log out other devices?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Log out other devices' }).click();
  await expect(page.getByText('Logged out of 1 other session.')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await otherContext.close();
});
