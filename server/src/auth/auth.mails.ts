import { LIMITS } from '#shared/constants';
import type { CodePurpose } from '../generated/prisma/enums';
import type { Mail } from '../lib/mailer';
import type { Publication } from '../seo/site';

/** The e-mails of the sign-up and reset flows: text and HTML, the code in the subject (docs/spec/CONTRACT.md §5). */

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The texts of each code's e-mail, naming the site (its name is a setting: server/src/settings). */
const copyOf = (purpose: CodePurpose, site: string): { subject: string; intro: string; action: string; path: string } =>
  purpose === 'signup'
    ? {
        subject: `is your ${site} verification code`,
        intro: `Welcome to ${site}! Use this code to verify your e-mail address and finish creating your account.`,
        action: 'Continue signing up',
        path: '/auth',
      }
    : {
        subject: `is your ${site} password reset code`,
        intro: `Someone asked to reset the password of the ${site} account for this address. Use this code to choose a new password.`,
        action: 'Reset your password',
        path: '/auth/reset-password',
      };

export function codeMail(purpose: CodePurpose, to: string, code: string, { publicUrl, name }: Publication): Mail {
  const copy = copyOf(purpose, name);
  const link = `${publicUrl}${copy.path}`;
  const validity = `The code is valid for ${LIMITS.otpTtlMinutes} minutes.`;
  const ignore = 'If you did not ask for it, you can ignore this e-mail: nothing changes without the code.';
  const text = [copy.intro, '', `Your code: ${code}`, '', `${validity} ${copy.action}: ${link}`, '', ignore, '', `— ${name}`].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(name)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(copy.intro)}</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px;text-align:center">${escapeHtml(code)}</p>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(validity)}</p>
<p style="margin:0 0 24px"><a href="${escapeHtml(link)}" style="display:inline-block;background:#18181b;color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px">${escapeHtml(copy.action)}</a></p>
<p style="margin:0;font-size:13px;color:#71717a;line-height:1.5">${escapeHtml(ignore)}</p>
</div></body></html>`;
  return { to, subject: `${code} ${copy.subject}`, text, html };
}

/**
 * Sent instead of a code when someone starts a sign-up with an address that already has an account: the
 * owner learns of it, the caller gets the same answer as for a new address (no account discovery).
 */
export function signupAttemptMail(to: string, { publicUrl, name }: Publication): Mail {
  const intro = `Someone, perhaps you, tried to create a ${name} account with this e-mail address. It already has an account, so nothing was created.`;
  const login = `Log in: ${publicUrl}/auth`;
  const reset = `Forgot your password? Choose a new one: ${publicUrl}/auth/reset-password`;
  const ignore = 'If it was not you, you can ignore this e-mail: your account has not changed.';
  const text = [intro, '', login, reset, '', ignore, '', `— ${name}`].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(name)}</h1>
<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 8px"><a href="${escapeHtml(`${publicUrl}/auth`)}">Log in</a></p>
<p style="margin:0 0 24px"><a href="${escapeHtml(`${publicUrl}/auth/reset-password`)}">Forgot your password? Choose a new one</a></p>
<p style="margin:0;font-size:13px;color:#71717a;line-height:1.5">${escapeHtml(ignore)}</p>
</div></body></html>`;
  return { to, subject: `Someone tried to sign up to ${name} with your address`, text, html };
}
