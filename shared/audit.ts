/**
 * The audit log's actions (docs/decisions/067-audit-log.md): what a member of staff, or the schedule, did to content,
 * people or settings. Each key is `<target>.<verb>`; its value is how the dashboard names it.
 */
export const AUDIT_ACTIONS = {
  'article.create': 'Wrote an article',
  'article.edit': 'Edited a published article',
  'article.restore-revision': 'Restored an earlier version',
  'article.submit': 'Submitted for review',
  'article.withdraw': 'Withdrew from review',
  'article.send-back': 'Sent back to its author',
  'article.publish': 'Published',
  'article.unpublish': 'Unpublished',
  'article.schedule': 'Scheduled',
  'article.unschedule': 'Cancelled a schedule',
  'article.feature': 'Changed featuring',
  'article.story': 'Changed story placement',
  'article.correct': 'Added a correction',
  'article.trash': 'Moved to the trash',
  'article.restore': 'Restored from the trash',
  'article.delete': 'Deleted for good',
  'breaking-news.create': 'Wrote a headline',
  'breaking-news.edit': 'Edited a headline',
  'breaking-news.publish': 'Put a headline on the ticker',
  'breaking-news.unpublish': 'Took a headline off the ticker',
  'breaking-news.schedule': 'Scheduled a headline',
  'breaking-news.unschedule': 'Cancelled a headline’s schedule',
  'breaking-news.delete': 'Deleted a headline',
  'category.create': 'Created a category',
  'category.rename': 'Renamed a category',
  'category.delete': 'Deleted a category',
  'page.create': 'Created a page',
  'page.edit': 'Edited a page',
  'page.delete': 'Deleted a page',
  'user.create': 'Created an account',
  'user.edit': 'Changed an account',
  'user.suspend': 'Suspended an account',
  'user.unsuspend': 'Lifted a suspension',
  'user.delete': 'Deleted an account',
  'comment.approve': 'Approved a comment',
  'comment.hide': 'Removed a comment',
  'comment.delete': 'Deleted a comment',
  'commenter.ban': 'Banned from commenting',
  'commenter.unban': 'Lifted a commenting ban',
  'settings.edit': 'Changed the site settings',
  'newsletter.create': 'Created a newsletter',
  'newsletter.edit': 'Changed a newsletter',
  'newsletter.delete': 'Deleted a newsletter',
  'subscribers.import': 'Imported subscribers',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** The actor filter's value for what the schedule did (no person). */
export const SYSTEM_ACTOR = 'system';
