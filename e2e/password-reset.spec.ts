import type { APIRequestContext } from '@playwright/test';
import { MSG, PUBLIC_PATHS } from '@taxi/shared';
import { expect, SMTP_MAILS_URL, test } from './fixtures';

// A user no other spec signs in as: its password changes here, so the suite stays independent of order.
const EMAIL = 'airport.supervisor@example.com';
const NEW_PASSWORD = 'Reset#2026x';

interface Mail {
  to: string;
  subject: string;
  text: string;
  code: string | null;
}

async function outbox(request: APIRequestContext): Promise<Mail[]> {
  const response = await request.get('/api/dev/outbox');
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { data: Mail[] }).data;
}

/** The reset mails the local SMTP server received for EMAIL (the server's mailer delivered them), newest first. */
async function resetMails(request: APIRequestContext): Promise<string[]> {
  const response = await request.get(`${SMTP_MAILS_URL}?to=${encodeURIComponent(EMAIL)}`);
  expect(response.ok()).toBeTruthy();
  const mails = (await response.json()) as { text: string }[];
  return mails.map((mail) => mail.text).filter((text) => text.includes(`Subject: ${MSG.resetEmailSubject}`));
}

test('a reset link without a token says so and offers a new one', async ({ page }) => {
  await page.goto(PUBLIC_PATHS.resetPassword);
  await expect(page.getByText(MSG.resetLinkMissing)).toBeVisible();
  await page.getByRole('link', { name: MSG.askNewLink }).click();
  await expect(page).toHaveURL(/\/reset-password-email$/);
});

test('password reset by e-mail through the SMTP relay: ask, follow the link, set a new password, sign in with it', async ({
  page,
  request,
}) => {
  const before = (await resetMails(request)).length;
  await page.goto('/login');
  await page.getByRole('link', { name: MSG.resetPasswordLink }).click();
  await expect(page).toHaveURL(/\/reset-password-email$/);
  // The login page has an Email field too: wait for the lazily loaded reset page before typing.
  await expect(page.getByRole('heading', { name: MSG.resetPasswordEmailTitle })).toBeVisible();
  await page.getByLabel(MSG.emailLabel).fill(EMAIL);
  await page.getByRole('button', { name: MSG.sendLink }).click();
  await expect(page.getByRole('alert').filter({ hasText: MSG.resetEmailSent }).first()).toBeVisible();

  // The mail leaves after the answer: wait for the SMTP server to receive it.
  let link = '';
  await expect
    .poll(async () => {
      const mails = await resetMails(request);
      link = mails.length > before ? (mails[0].match(/https?:\/\/\S+\/reset-password\?token=[\w%-]+/)?.[0] ?? '') : '';
      return link;
    })
    .not.toBe('');
  const url = new URL(link);
  await page.goto(`${url.pathname}${url.search}`);

  // the password rule and the confirmation are checked in the page
  await page.getByLabel(MSG.newPasswordLabel).fill('weak');
  await page.getByLabel(MSG.confirmPasswordLabel).fill('other');
  await page.getByRole('button', { name: MSG.savePassword }).click();
  await expect(page.getByText(MSG.invalidPassword)).toBeVisible();
  await expect(page.getByText(MSG.passwordsDiffer)).toBeVisible();

  await page.getByLabel(MSG.newPasswordLabel).fill(NEW_PASSWORD);
  await page.getByLabel(MSG.confirmPasswordLabel).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: MSG.savePassword }).click();
  await expect(page.getByText(MSG.passwordChanged)).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // the link works once
  const again = await request.post('/api/password/reset', {
    data: { token: url.searchParams.get('token'), password: NEW_PASSWORD },
  });
  expect(again.status()).toBe(422);

  // signing in with the new password
  const codes = (await outbox(request)).filter((mail) => mail.to === EMAIL && mail.code).length;
  await page.getByLabel(MSG.emailLabel).fill(EMAIL);
  await page.getByLabel(MSG.passwordLabel, { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: MSG.loginButton }).click();
  await expect(page.getByText(MSG.verificationTitle)).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      const mails = (await outbox(request)).filter((mail) => mail.to === EMAIL && mail.code);
      code = mails.length > codes ? (mails[0].code ?? '') : '';
      return code;
    })
    .not.toBe('');
  await page.getByLabel(MSG.codeLabel).fill(code);
  await page.getByRole('button', { name: MSG.verifyButton }).click();
  await expect(page.getByTestId('drawer-toggle')).toBeVisible();
});
