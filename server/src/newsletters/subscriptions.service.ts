import { createHmac } from 'node:crypto';
import type { PreferencesInput, SubscribeInput } from '#shared/schemas/newsletters';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { queueMail } from '../jobs/mail-job';
import { badRequest, tooManyRequests } from '../lib/errors';
import type { AuthUser } from '../lib/policy';
import { currentSite } from '../settings/settings.service';
import { confirmToken, openConfirmToken, openPreferencesToken, preferencesToken, LINK_FAILURE } from './links';
import { absoluteUrl, confirmMail, type Brand } from './newsletter-mail';

/** Subscribing, confirming, choosing and leaving (docs/decisions/069-newsletters.md). */

type Ctx = Pick<AppContext, 'db' | 'cache' | 'config' | 'jwtSecret' | 'limits'>;

/** Confirmation e-mails one address may be sent an hour, whoever asks: nobody fills an inbox through the form. */
export const CONFIRM_MAILS_PER_ADDRESS_PER_HOUR = 3;
/** Sign-ups one network may make an hour (each may send a mail to an address it names). */
export const SUBSCRIBES_PER_NETWORK_PER_HOUR = 20;

export const NEWSLETTER_MESSAGES = {
  checkInbox: 'Check your inbox: we sent you a link to confirm your subscription.',
  subscribed: 'You are subscribed.',
  saved: 'Your choices are saved.',
  left: 'You are unsubscribed: we will not send you any newsletter.',
  unknown: (slug: string) => `There is no newsletter "${slug}"`,
} as const;

export const newsletterSelect = { id: true, slug: true, name: true, description: true, kind: true } as const;

/** The brand every e-mail carries, from the site settings. */
export async function brandOf(ctx: Pick<AppContext, 'db' | 'cache' | 'config'>): Promise<Brand> {
  const site = await currentSite(ctx.db, ctx.cache);
  const publicUrl = ctx.config.publicUrl;
  return {
    name: site.name,
    publicUrl,
    accentColor: site.accentColor,
    logoUrl: site.logo ? absoluteUrl(publicUrl, site.logo.url) : null,
    address: site.address,
  };
}

/** The active newsletters, in the newsroom's order. */
export const activeNewsletters = (db: Db) =>
  db.newsletter.findMany({ where: { active: true }, orderBy: [{ position: 'asc' }, { name: 'asc' }], select: newsletterSelect });

/** The active newsletters of `slugs`, or a 400 naming the first that is none. */
async function chosen(db: Db, slugs: string[]) {
  const found = await db.newsletter.findMany({ where: { slug: { in: slugs }, active: true }, select: newsletterSelect });
  const missing = slugs.find((slug) => !found.some((n) => n.slug === slug));
  if (missing !== undefined) throw badRequest(NEWSLETTER_MESSAGES.unknown(missing));
  return found;
}

/** A limit key that does not hold the address in clear. */
const addressKey = (secret: string, email: string) =>
  `newsletter:confirm:${createHmac('sha256', secret).update(`newsletter:${email}`).digest('hex')}`;

/** Adds the subscriptions of an address that consented now, making its subscriber if need be; one transaction. */
async function addSubscriptions(db: Db, email: string, newsletterIds: string[], source: 'link' | 'account'): Promise<string> {
  return db.$transaction(async (tx) => {
    const now = new Date();
    // A new consent lifts a suppression: the owner just proved the address works and wants the mail.
    const subscriber = await tx.newsletterSubscriber.upsert({
      where: { email },
      create: { email, consentedAt: now, source },
      update: { consentedAt: now, suppressedAt: null, suppressedReason: null },
      select: { id: true },
    });
    const live = await tx.newsletter.findMany({ where: { id: { in: newsletterIds } }, select: { id: true } });
    await tx.newsletterSubscription.createMany({
      data: live.map((n) => ({ subscriberId: subscriber.id, newsletterId: n.id })),
      skipDuplicates: true,
    });
    return subscriber.id;
  });
}

export function subscriptionsService(ctx: Ctx) {
  const { db, jwtSecret } = ctx;
  return {
    /**
     * A signed-in reader's own verified address is subscribed at once; any other address is sent a link to confirm
     * (double opt-in) and the answer is the same whether it was known, subscribed or new.
     */
    async subscribe(input: SubscribeInput, user: AuthUser | undefined): Promise<{ message: string; confirmed: boolean }> {
      const newsletters = await chosen(db, input.newsletters);
      const ids = newsletters.map((n) => n.id);
      if (user && user.emailVerified && user.email === input.email) {
        await addSubscriptions(db, input.email, ids, 'account');
        return { message: NEWSLETTER_MESSAGES.subscribed, confirmed: true };
      }
      const sends = await ctx.limits.hit(addressKey(jwtSecret, input.email), CONFIRM_MAILS_PER_ADDRESS_PER_HOUR, 3_600_000);
      if (!sends.allowed) {
        throw tooManyRequests(
          'We already sent several confirmation links to this address. Please check your inbox, or try again later.',
          sends.retryAfterSeconds,
        );
      }
      const link = `${ctx.config.publicUrl}/newsletters/confirm?token=${confirmToken(jwtSecret, { email: input.email, newsletterIds: ids })}`;
      const brand = await brandOf(ctx);
      await queueMail(db, jwtSecret, {
        mail: confirmMail(
          input.email,
          brand,
          newsletters.map((n) => n.name),
          link,
        ),
        expiresAt: new Date(Date.now() + 24 * 3_600_000),
        key: `newsletter-confirm:${addressKey(jwtSecret, input.email)}`,
      });
      return { message: NEWSLETTER_MESSAGES.checkInbox, confirmed: false };
    },

    /** The link of the confirmation e-mail: the address consents; twice is the same as once. */
    async confirm(token: string) {
      const request = openConfirmToken(jwtSecret, token);
      const subscriberId = await addSubscriptions(db, request.email, request.newsletterIds, 'link');
      return { message: NEWSLETTER_MESSAGES.subscribed, preferencesToken: preferencesToken(jwtSecret, subscriberId) };
    },

    async preferences(token: string) {
      const subscriber = await subscriberOf(token);
      const [subscribed, newsletters] = await Promise.all([
        db.newsletterSubscription.findMany({ where: { subscriberId: subscriber.id }, select: { newsletter: { select: { slug: true } } } }),
        activeNewsletters(db),
      ]);
      return { email: subscriber.email, subscribed: subscribed.map((s) => s.newsletter.slug), newsletters };
    },

    /** The newsletters to receive become exactly `newsletters` (none: every one left). */
    async updatePreferences({ token, newsletters: slugs }: PreferencesInput) {
      const subscriber = await subscriberOf(token);
      const keep = slugs.length ? await chosen(db, slugs) : [];
      await db.$transaction([
        // Only the newsletters the page offers (an inactive one keeps its subscribers), unless the subscriber leaves all.
        db.newsletterSubscription.deleteMany({
          where: {
            subscriberId: subscriber.id,
            newsletterId: { notIn: keep.map((n) => n.id) },
            ...(keep.length ? { newsletter: { active: true } } : {}),
          },
        }),
        db.newsletterSubscription.createMany({
          data: keep.map((n) => ({ subscriberId: subscriber.id, newsletterId: n.id })),
          skipDuplicates: true,
        }),
      ]);
      return { message: keep.length ? NEWSLETTER_MESSAGES.saved : NEWSLETTER_MESSAGES.left };
    },

    /**
     * RFC 8058's one-click unsubscribe, and the e-mail's own link: leaves every newsletter. A subscriber already gone
     * (an admin removed them) is left too: the answer is the same.
     */
    async unsubscribeAll(token: string) {
      const subscriberId = openPreferencesToken(jwtSecret, token);
      await db.newsletterSubscription.deleteMany({ where: { subscriberId } });
      return { message: NEWSLETTER_MESSAGES.left };
    },
  };

  async function subscriberOf(token: string) {
    const id = openPreferencesToken(jwtSecret, token);
    const subscriber = await db.newsletterSubscriber.findUnique({ where: { id }, select: { id: true, email: true } });
    // Removed by an admin with everything kept about them: the link no longer names anyone.
    if (!subscriber) throw badRequest(LINK_FAILURE);
    return subscriber;
  }
}
