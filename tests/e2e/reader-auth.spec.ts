import { expect, test, type Page } from '@playwright/test';
import { codeFrom, waitForMail } from './mailbox';
import { DEMO, expectAccessible, loginThroughForm, screenshots, uniqueEmail } from './helpers';

const STRONG = 'Reader#2026x';

/** Fills the form's Email and presses `button`, which mails a code to it: `code()` reads the code from that mail. */
async function requestCode(page: Page, email: string, button: string) {
  await page.getByLabel('Email').fill(email);
  const since = Date.now();
  await page.getByRole('button', { name: button }).click();
  return { code: async () => codeFrom(await waitForMail(email, since)) };
}

test.describe('reader: sign-up, login and password reset', () => {
  test('sign-up through the 3-step wizard with the code from the real SMTP server, then login', async ({ page }) => {
    const email = uniqueEmail('wizard');
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Chronicle News' })).toBeVisible();
    await expect(page.getByText('Sign in or create an account to continue')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'auth-login');

    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Create Your Account' })).toBeVisible();
    await expect(page.getByRole('button', { name: '← Go Back' })).toHaveCount(0);
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByRole('button', { name: 'Send Verification Code' }).click();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, 'auth-signup-step1');

    const mail = await requestCode(page, email, 'Send Verification Code');
    await expect(page.getByText('Verification Email Sent! 📧')).toBeVisible();
    // Still on step 1 during the 1.5 s pause, then on to step 2.
    await expect(page.getByText('Step 1 of 3')).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Resend code in \d+s/ })).toBeDisabled();

    const code = await mail.code();
    const codeInput = page.getByLabel('Verification code');
    const verify = page.getByRole('button', { name: 'Verify Email' });
    await codeInput.pressSequentially('12ab3');
    await expect(codeInput).toHaveValue('123');
    await expect(verify).toBeDisabled();
    const wrong = code === '000000' ? '111111' : '000000';
    await codeInput.fill(wrong);
    await verify.click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    await screenshots(page, 'auth-signup-step2');

    await codeInput.fill(code);
    await verify.click();
    await expect(page.getByText('Email Verified! ✅')).toBeVisible();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

    // '← Go Back' from step 3 returns to step 2; the checked code is still good.
    await page.getByRole('button', { name: '← Go Back' }).click();
    await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify Email' }).click();
    await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

    // Client-side rules of SPEC §5.
    await page.getByLabel('Full Name').fill('R');
    await page.getByLabel('Password', { exact: true }).fill('12345');
    await page.getByLabel('Confirm Password').fill('1234');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    // The server's own rule is checked here, shown as a checklist while typing: no second round of errors.
    await page.getByLabel('Full Name').fill('Wizard Reader');
    await page.getByLabel('Password', { exact: true }).fill('abcdefg1');
    await page.getByLabel('Confirm Password').fill('abcdefg1');
    const rules = page.getByTestId('password-rules').getByRole('listitem');
    await expect(rules).toHaveText([
      /At least 8 characters \(met\)/,
      /An upper-case letter \(not met yet\)/,
      /A lower-case letter \(met\)/,
      /A number \(met\)/,
      /A special character .* \(not met yet\)/,
    ]);
    await expect(page.getByRole('status').filter({ hasText: 'password rules met' })).toHaveText('3 of 5 password rules met');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must contain an upper-case letter')).toBeVisible();
    await expect(page.getByText('Please fix the following issues:')).toBeHidden();
    await expectAccessible(page);
    await screenshots(page, 'auth-signup-step3');

    await page.getByLabel('Password', { exact: true }).fill(STRONG);
    await page.getByLabel('Confirm Password').fill(STRONG);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('button', { name: 'Account Created! Redirecting to login...' })).toBeDisabled();
    await expect(page.getByText('Account Created Successfully! 🎉')).toBeVisible();
    await expect(page.getByText('You can now log in with your credentials.')).toBeVisible();

    // Back to Login after 2.5 s, not logged in, the address filled in.
    const form = page.getByRole('form', { name: 'Login' });
    await expect(form).toBeVisible();
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeNull();
    await form.getByLabel('Password').fill(STRONG);
    await form.getByRole('button', { name: 'Login' }).click();

    // A plain user goes home and sees only Logout; the session survives a reload.
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.evaluate(() => localStorage.getItem('token'))).resolves.toBeTruthy();
    await page.reload();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    // A logged-in user who opens /auth is sent home.
    await page.goto('/auth');
    await expect(page).toHaveURL('/');

    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).resolves.toEqual([null, null]);
  });

  test('login: required fields, wrong password, staff go to the dashboard', async ({ page }) => {
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email is required')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();

    await form.getByLabel('Email').fill(DEMO.editor);
    await form.getByLabel('Password').fill('wrong-password');
    await form.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');

    await loginThroughForm(page, DEMO.editor);
    await expect(page).toHaveURL(/\/dashboard/);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard/);
    // Staff get a user menu with Dashboard and Logout on the public site.
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Eddie Editor' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await page.getByRole('banner').getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();
  });

  test('password reset: code from the mail, new password, redirect to login after 1200 ms', async ({ page, request }) => {
    const email = uniqueEmail('reset');
    const signup = await request.post('/api/auth/signup', { data: { name: 'Reset Reader', email, password: STRONG } });
    expect(signup.status()).toBe(201);

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/reset-password');
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible();
    await expect(page.getByText('Enter your email, verify OTP, and set a new password')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expectAccessible(page);
    await screenshots(page, 'reset-step1');

    const mail = await requestCode(page, email, 'Send OTP');
    await expect(page.getByText('Step 2 of 3')).toBeVisible();
    const code = await mail.code();
    await page.getByLabel('Verification code').fill('123');
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('OTP is required')).toBeVisible();
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify OTP' }).click();
    await expect(page.getByText('Step 3 of 3')).toBeVisible();

    // The server's rule, checked before the request (a 6-character password used to pass here).
    await page.getByLabel('New Password', { exact: true }).fill('secret');
    await page.getByLabel('Confirm New Password').fill('secret');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'password rules met' })).toHaveText('1 of 5 password rules met');
    await screenshots(page, 'reset-step3-rules');

    const newPassword = 'Changed#2026y';
    await page.getByLabel('New Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm New Password').fill('Different#1');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm New Password').fill(newPassword);
    await screenshots(page, 'reset-step3');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('Password reset successful! You may now log in.')).toBeVisible();
    await expect(page).toHaveURL('/auth/reset-password');
    await expect(page).toHaveURL('/auth');

    await loginThroughForm(page, email, newPassword);
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Logout' })).toBeVisible();
  });
});
