/**
 * What the reader's newsletter forms (plain HTML forms, working without JavaScript) are answered with: the server
 * handles the post and moves the browser to the page with one of these in its query, which the page shows
 * (docs/decisions/069-newsletters.md). Shared so that both sides use one list.
 */
export const NEWSLETTER_FORM_MESSAGES = {
  'check-inbox': 'Check your inbox: we sent you a link to confirm your subscription.',
  subscribed: 'You are subscribed.',
  confirmed: 'You are subscribed. Thank you! You can change what you receive below, and from any of our e-mails.',
  saved: 'Your choices are saved.',
  left: 'You are unsubscribed: we will not send you any newsletter.',
} as const;

export const NEWSLETTER_FORM_ERRORS = {
  'invalid-email': 'Please enter a valid e-mail address.',
  choose: 'Please choose at least one newsletter.',
  'too-many': 'Too many sign-ups from here or for this address. Please check your inbox, or try again later.',
  link: 'This link is not valid (it may have been cut short in the e-mail). Please subscribe again.',
  expired: 'This confirmation link has expired. Please subscribe again.',
  failed: 'Something went wrong. Please try again in a moment.',
} as const;

export type NewsletterFormStatus = keyof typeof NEWSLETTER_FORM_MESSAGES;
export type NewsletterFormError = keyof typeof NEWSLETTER_FORM_ERRORS;

/** The message of a `status` or `error` in a page's query, if it is one of ours. */
export function formAnswer(query: URLSearchParams): { ok: boolean; text: string } | null {
  const status = query.get('status');
  if (status && Object.hasOwn(NEWSLETTER_FORM_MESSAGES, status))
    return { ok: true, text: NEWSLETTER_FORM_MESSAGES[status as NewsletterFormStatus] };
  const error = query.get('error');
  if (error && Object.hasOwn(NEWSLETTER_FORM_ERRORS, error))
    return { ok: false, text: NEWSLETTER_FORM_ERRORS[error as NewsletterFormError] };
  return null;
}
