import type { Mail } from '../lib/mailer';

/**
 * The newsletter e-mails (docs/decisions/069-newsletters.md). An issue is written in MJML, which turns it into the
 * tables and inline styles that mail clients render (Outlook's included), once per issue: MJML takes milliseconds,
 * too much for each of 100,000 recipients. What differs between recipients (the links to their preferences and to
 * unsubscribe) is left as markers in the stored HTML and text, which `personalize` replaces: microseconds a message.
 */

/** What the site settings give every e-mail. */
export interface Brand {
  name: string;
  publicUrl: string;
  accentColor: string;
  /** Absolute URL of the logo, or null: the name in type. */
  logoUrl: string | null;
  address: string;
}

export interface IssueArticle {
  id: string;
  title: string;
  summary: string;
  category: string;
  /** Absolute, or null. */
  imageUrl: string | null;
}

/** A URL of the site's as a mail client needs it: absolute (an upload's is stored as `/uploads/…`). */
export const absoluteUrl = (publicUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${publicUrl}${url}`);

/** What an issue shows of an article (a digest's and a special edition's): the columns, and the article from them. */
export const issueArticleSelect = { id: true, title: true, summary: true, imageUrl: true, category: { select: { name: true } } } as const;

export const issueArticle = (
  a: { id: string; title: string; summary: string; imageUrl: string | null; category: { name: string } },
  publicUrl: string,
): IssueArticle => ({
  id: a.id,
  title: a.title,
  summary: a.summary,
  category: a.category.name,
  imageUrl: a.imageUrl ? absoluteUrl(publicUrl, a.imageUrl) : null,
});

export interface IssueContent {
  newsletterName: string;
  subject: string;
  /** A line above the articles (a special edition's intro, a breaking headline); plain text. */
  intro: string;
  articles: IssueArticle[];
}

/** Replaced per recipient (they never occur in escaped text: `%` is not escaped, but no text holds these words). */
export const MARKERS = { preferences: '%%CHRONICLE_PREFERENCES_URL%%', leave: '%%CHRONICLE_LEAVE_URL%%' } as const;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An article's address with the tag that lets the reports count readers who came from e-mail. */
export const articleLink = (publicUrl: string, id: string) => `${publicUrl}/article/${id}?ref=newsletter`;

function articleBlock(brand: Brand, a: IssueArticle, lead: boolean): string {
  const href = escapeHtml(articleLink(brand.publicUrl, a.id));
  const image =
    lead && a.imageUrl
      ? `<mj-image src="${escapeHtml(a.imageUrl)}" href="${href}" alt="" padding="0 0 12px" fluid-on-mobile="true" />`
      : '';
  return `<mj-section padding="12px 24px" background-color="#ffffff"><mj-column>
${image}
<mj-text padding="0" font-size="12px" color="${brand.accentColor}" font-weight="700" text-transform="uppercase" letter-spacing="1px">${escapeHtml(a.category)}</mj-text>
<mj-text padding="4px 0 0" font-family="Georgia, 'Times New Roman', serif" font-size="${lead ? 24 : 19}px" line-height="1.25" font-weight="700"><a href="${href}" style="color:#0f172a;text-decoration:none">${escapeHtml(a.title)}</a></mj-text>
<mj-text padding="6px 0 0" font-size="15px" line-height="1.5" color="#334155">${escapeHtml(a.summary)}</mj-text>
</mj-column></mj-section>`;
}

/** The issue's message, with the markers in place of each recipient's links. */
export async function renderIssue(brand: Brand, content: IssueContent): Promise<{ html: string; text: string }> {
  const title = brand.logoUrl
    ? `<mj-image src="${escapeHtml(brand.logoUrl)}" alt="${escapeHtml(brand.name)}" width="220px" align="left" padding="0" href="${escapeHtml(brand.publicUrl)}" />`
    : `<mj-text padding="0" font-family="Georgia, 'Times New Roman', serif" font-size="26px" font-weight="700" color="#0f172a">${escapeHtml(brand.name)}</mj-text>`;
  const intro = content.intro
    ? `<mj-section padding="16px 24px 4px" background-color="#ffffff"><mj-column><mj-text padding="0" font-size="17px" line-height="1.5" color="#0f172a">${escapeHtml(content.intro).replace(/\n/g, '<br />')}</mj-text></mj-column></mj-section>`
    : '';
  const source = `<mjml lang="en">
<mj-head>
<mj-title>${escapeHtml(content.subject)}</mj-title>
<mj-preview>${escapeHtml(content.intro || content.articles[0]?.title || content.subject)}</mj-preview>
<mj-attributes><mj-all font-family="Arial, Helvetica, sans-serif" /></mj-attributes>
</mj-head>
<mj-body background-color="#f1f5f9" width="600px">
<mj-section padding="24px 24px 12px" background-color="#ffffff" border-top="4px solid ${brand.accentColor}"><mj-column>
${title}
<mj-text padding="6px 0 0" font-size="13px" color="#475569">${escapeHtml(content.newsletterName)}</mj-text>
</mj-column></mj-section>
${intro}
${content.articles.map((a, i) => articleBlock(brand, a, i === 0)).join('\n')}
<mj-section padding="8px 24px 24px" background-color="#ffffff"><mj-column>
<mj-button href="${escapeHtml(brand.publicUrl)}/?ref=newsletter" background-color="${brand.accentColor}" color="#ffffff" align="left" padding="8px 0 0" font-size="15px">Read more on ${escapeHtml(brand.name)}</mj-button>
</mj-column></mj-section>
<mj-section padding="16px 24px"><mj-column>
<mj-text padding="0" font-size="12px" line-height="1.6" color="#475569">You receive ${escapeHtml(content.newsletterName)} because you subscribed to it on ${escapeHtml(brand.name)}. <a href="${MARKERS.leave}" style="color:#475569">Unsubscribe</a> · <a href="${MARKERS.preferences}" style="color:#475569">Choose your newsletters</a></mj-text>
<mj-text padding="8px 0 0" font-size="12px" color="#64748b">${escapeHtml(brand.name)} · ${escapeHtml(brand.address)}</mj-text>
</mj-column></mj-section>
</mj-body>
</mjml>`;
  // Loaded with the first issue: MJML and its HTML tooling are most of the server bundle, and most processes never render one.
  const { default: mjml2html } = await import('mjml');
  const { html, errors } = await mjml2html(source, { validationLevel: 'strict', keepComments: false });
  if (errors.length) throw new Error(`the newsletter template is not valid MJML: ${errors.map((e) => e.formattedMessage).join('; ')}`);
  const text = [
    `${brand.name} · ${content.newsletterName}`,
    '',
    ...(content.intro ? [content.intro, ''] : []),
    ...content.articles.flatMap((a) => [`${a.title}`, a.summary, articleLink(brand.publicUrl, a.id), '']),
    `Read more: ${brand.publicUrl}/?ref=newsletter`,
    '',
    `You receive ${content.newsletterName} because you subscribed to it on ${brand.name}.`,
    `Unsubscribe: ${MARKERS.leave}`,
    `Choose your newsletters: ${MARKERS.preferences}`,
    '',
    `${brand.name} · ${brand.address}`,
  ].join('\n');
  return { html, text };
}

export interface Recipient {
  email: string;
  /** The subscriber's page of choices (a page of the site). */
  preferencesUrl: string;
  /**
   * The visible Unsubscribe link: that page, offering to leave every newsletter in one click (a link must not do it
   * itself: mail scanners open links).
   */
  leaveUrl: string;
  /** The one-click address (RFC 8058) of List-Unsubscribe: a POST there leaves every newsletter. */
  unsubscribeUrl: string;
  /** The idempotency key of issue and recipient, as the Message-ID (a resend after a crash carries the same). */
  messageId: string;
}

/** One recipient's message from the issue's stored HTML and text. */
export function personalize(issue: { subject: string; html: string; text: string; fromName: string }, to: Recipient): Mail {
  const fill = (s: string, escape: (v: string) => string) =>
    s.replaceAll(MARKERS.preferences, escape(to.preferencesUrl)).replaceAll(MARKERS.leave, escape(to.leaveUrl));
  return {
    to: to.email,
    subject: issue.subject,
    html: fill(issue.html, escapeHtml),
    text: fill(issue.text, (v) => v),
    fromName: issue.fromName,
    messageId: to.messageId,
    headers: {
      'List-Unsubscribe': `<${to.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** The double opt-in's e-mail: the link that confirms, and what it confirms. */
export function confirmMail(to: string, brand: Brand, newsletters: string[], link: string): Mail {
  const list = newsletters.join(', ');
  const intro = `Please confirm that you want to receive ${list} from ${brand.name} at this address.`;
  const ignore = 'If you did not ask for it, ignore this e-mail: nothing is sent to you unless you confirm.';
  const text = [intro, '', `Confirm: ${link}`, '', 'The link works for 7 days.', ignore, '', `— ${brand.name}`].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" style="max-width:480px;background:#ffffff;border-top:4px solid ${brand.accentColor}" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<h1 style="font-family:Georgia,serif;font-size:22px;margin:0 0 16px">${escapeHtml(brand.name)}</h1>
<p style="margin:0 0 20px;line-height:1.5">${escapeHtml(intro)}</p>
<p style="margin:0 0 20px"><a href="${escapeHtml(link)}" style="display:inline-block;background:${brand.accentColor};color:#ffffff;text-decoration:none;padding:12px 18px;border-radius:4px;font-weight:bold">Confirm my subscription</a></p>
<p style="margin:0;font-size:13px;color:#475569;line-height:1.5">The link works for 7 days. ${escapeHtml(ignore)}</p>
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject: `Confirm your subscription to ${brand.name}`, text, html };
}
