import { expect, test } from '../fixtures';
import { linkFromMail } from '../mail';
import { apiCall, logIn, PASSWORD, registerViaApi, uniqueEmail } from '../support';

test('"Log out other devices" on the profile page signs out another browser after a confirmation, and this one stays', async ({
  page,
  browser,
}) => {
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

test('changing the password on the profile page signs out every other browser and revokes API tokens; this browser stays', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('rekey');
  await registerViaApi(page.request, { name: 'Rex Rekey', email });
  await page.goto(await linkFromMail(email, /\/app\/email\/verify\//));
  const token = await apiCall<{ plain_text_token: string }>(page.request, 'POST', '/tokens', {
    name: 'Script',
    abilities: 'read',
  });
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${token.plain_text_token}`, accept: 'application/json' },
  });
  expect((await script.get('/app/api/v1/users/auth')).status()).toBe(200);
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await logIn(other, email);

  await page.goto('/account/profile');
  const passwordForm = page
    .locator('form')
    .filter({ has: page.getByRole('button', { name: 'Update password' }) });
  await passwordForm.getByLabel('Current password').fill(PASSWORD);
  await passwordForm.getByLabel('New password').fill('another long enough password');
  await passwordForm.getByLabel('Confirm password').fill('another long enough password');
  await passwordForm.getByRole('button', { name: 'Update password' }).click();
  await expect(page.getByText('Password updated.')).toBeVisible();

  expect((await script.get('/app/api/v1/users/auth')).status()).toBe(401);
  await other.reload();
  await expect(other).toHaveURL(/\/login/);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', exact: true })).toBeVisible();
  await script.dispose();
  await otherContext.close();
});
