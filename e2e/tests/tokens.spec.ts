import { expect, test } from '../fixtures';
import { linkFromMail } from '../mail';
import { registerViaApi, screenshot, uniqueEmail } from '../support';

test('a user makes an API token on the profile page, uses it from a script, and revokes it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = uniqueEmail('tokens');
  await registerViaApi(page.request, { name: 'Tess Tokens', email });
  // An address nobody has proven yet gets no token (one would outlive its owner's password reset).
  await page.goto('/account/profile');
  await expect(page.getByText('Verify your e-mail address to create API tokens')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create token' })).toBeHidden();
  await page.goto(await linkFromMail(email, /\/app\/email\/verify\//));
  await page.goto('/account/profile');
  await expect(page.getByText('No tokens yet.')).toBeVisible();
  await page.getByLabel('Token name').fill('Sales export');
  await page.getByLabel('Access').selectOption('read');
  await page.getByRole('button', { name: 'Create token' }).click();
  await expect(page.getByText('Token “Sales export” created')).toBeVisible();
  const secret = (await page.getByTestId('new-token').textContent())!.trim();
  expect(secret).toMatch(/^sk_/);
  await screenshot(page, 'profile-api-tokens');

  // A script with the token and no cookies reads as the user, and may not write.
  const script = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { authorization: `Bearer ${secret}`, accept: 'application/json' },
  });
  const me = await script.get('/app/api/v1/users/auth');
  expect(me.status()).toBe(200);
  expect((await me.json()).data.name).toBe('Tess Tokens');
  expect((await script.post('/app/api/v1/companies', { data: { name: 'Nope' } })).status()).toBe(403);
  await page.reload();
  await expect(page.getByText(/Last used/)).toBeVisible();
  await expect(page.getByTestId('new-token')).toHaveCount(0);

  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByText('Token “Sales export” revoked.')).toBeVisible();
  expect((await script.get('/app/api/v1/users/auth')).status()).toBe(401);
  await script.dispose();
});
