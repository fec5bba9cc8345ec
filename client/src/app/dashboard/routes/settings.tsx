import type { ReactNode } from 'react';
import {
  LOCALES,
  MENU_LIMITS,
  SETTINGS_LIMITS,
  SOCIAL_NETWORKS,
  siteSettingsSchema,
  type SiteSettingsValues,
  type SocialNetwork,
} from '#shared/schemas/settings';
import type { SiteSettings } from '#shared/types';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Field, TextArea } from '#client/components/ui/field';
import { LoadingText } from '#client/components/ui/page-state';
import { ReloadLatest } from '#client/components/ui/reload-latest';
import { usePageForm } from '#client/components/ui/use-page-form';
import { useDashboardCategories } from '#client/features/categories/api/get-dashboard-categories';
import { usePages } from '#client/features/pages/api/pages';
import { useSiteSettings, useUpdateSiteSettings } from '#client/features/settings/api/settings';
import { MenuEditor, type MenuChoice } from '#client/features/settings/components/menu-editor';
import { IMAGE_HINTS, ImageSetting } from '#client/features/settings/components/image-setting';
import { AccentField } from '#client/features/settings/components/accent-field';
import { TimeZoneSelect } from '#client/features/settings/components/time-zone-select';
import { BlockedWordsField } from '#client/features/settings/components/blocked-words-field';
import { uploadFile } from '#client/features/articles/api/upload-file';
import { Select } from '#client/components/ui/field';
import { formatDate } from '#client/lib/dates';
import { problemFrom } from '#client/lib/errors';
import { PageHeader } from '../dashboard-layout';

type Values = Omit<SiteSettingsValues, 'social'> & { social: Record<SocialNetwork, string> };

const valuesOf = (s: SiteSettings): Values => ({
  name: s.name,
  tagline: s.tagline,
  description: s.description,
  address: s.address,
  email: s.email,
  phone: s.phone,
  social: Object.fromEntries(SOCIAL_NETWORKS.map(({ key }) => [key, s.social[key] ?? ''])) as Record<SocialNetwork, string>,
  noindex: s.noindex,
  accentColor: s.accentColor,
  locale: s.locale as Values['locale'],
  timeZone: s.timeZone,
  navigation: s.navigation,
  logoUrl: s.logo?.url ?? null,
  iconUrl: s.icon?.url ?? null,
  shareImageUrl: s.shareImage?.url ?? null,
  comments: s.comments,
  readEventDays: s.readEventDays,
});

/** A group of the form, with its heading. */
function Group({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-xl bg-white p-6 shadow-sm">
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </section>
  );
}

/** The form, filled from one version of the settings: a save names that version, and a stale one offers to reload. */
function SettingsForm({ settings, onReload }: { settings: SiteSettings; onReload(): Promise<SiteSettings> }) {
  const update = useUpdateSiteSettings();
  const categories = useDashboardCategories();
  const pages = usePages();
  const choices: MenuChoice[] = [
    ...(categories.data ?? []).map((c) => ({ item: { kind: 'category' as const, id: c.id }, label: c.name })),
    ...(pages.data ?? []).map((p) => ({
      item: { kind: 'page' as const, id: p.id },
      label: p.title,
      note: p.status === 'published' ? undefined : 'draft: shown once published',
    })),
  ];
  const { values, set, errors, problem, saved, submit, reload } = usePageForm({
    record: settings,
    valuesOf,
    schema: siteSettingsSchema,
    save: (input, version) => update.mutateAsync({ input, version }),
    failure: 'Failed to save the settings',
    latest: onReload,
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="max-w-3xl space-y-6">
      {problem && (
        <ErrorBox details={problem.details}>
          <p>{problem.message}</p>
          {problem.stale && <ReloadLatest onReload={reload} />}
        </ErrorBox>
      )}
      <Group
        title="Identity"
        description="How the site names itself: the header, the footer, every page title, the feeds and share previews."
      >
        <Field
          label="Site name"
          value={values.name}
          maxLength={SETTINGS_LIMITS.name}
          onChange={(e) => set('name', e.target.value)}
          error={errors.name}
          required
        />
        <Field
          label="Tagline"
          value={values.tagline}
          onChange={(e) => set('tagline', e.target.value)}
          error={errors.tagline}
          hint="Under the name in the footer."
        />
        <TextArea
          label="Description"
          rows={3}
          value={values.description}
          onChange={(e) => set('description', e.target.value)}
          error={errors.description}
          hint="What search engines and link previews show for the home page (about 160 characters show)."
        />
        <AccentField
          value={values.accentColor}
          name={values.name}
          error={errors.accentColor}
          onChange={(color) => set('accentColor', color)}
        />
      </Group>
      <Group
        title="Images"
        description="Uploaded images, saved with the settings. Without them the site uses its built-in icon, preview and its name in type."
      >
        <ImageSetting
          label="Logo"
          hint={IMAGE_HINTS.logo}
          value={values.logoUrl}
          error={errors.logoUrl}
          upload={uploadFile}
          onChange={(url) => set('logoUrl', url)}
        />
        <ImageSetting
          label="Icon"
          hint={IMAGE_HINTS.icon}
          value={values.iconUrl}
          error={errors.iconUrl}
          preview="h-16"
          upload={uploadFile}
          onChange={(url) => set('iconUrl', url)}
        />
        <ImageSetting
          label="Share image"
          hint={IMAGE_HINTS.shareImage}
          value={values.shareImageUrl}
          error={errors.shareImageUrl}
          preview="h-24"
          upload={uploadFile}
          onChange={(url) => set('shareImageUrl', url)}
        />
      </Group>
      <Group title="Language and time" description="How dates read on the site's pages, and the newsroom's own time zone.">
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Language of dates"
            value={values.locale}
            onChange={(e) => set('locale', e.target.value as Values['locale'])}
            error={errors.locale}
          >
            {LOCALES.map((l) => (
              <option key={l.tag} value={l.tag}>
                {l.name}
              </option>
            ))}
          </Select>
          <TimeZoneSelect value={values.timeZone} error={errors.timeZone} onChange={(zone) => set('timeZone', zone)} />
        </div>
        <p className="text-sm text-slate-600">
          {`A byline today reads: ${formatDate(new Date().toISOString(), values.timeZone, values.locale)}`}
        </p>
      </Group>
      <Group title="Contact" description="The footer's contact block. Leave a field empty to leave it out.">
        <Field
          label="Address"
          value={values.address}
          onChange={(e) => set('address', e.target.value)}
          error={errors.address}
          autoComplete="street-address"
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Contact e-mail"
            type="email"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            error={errors.email}
          />
          <Field label="Phone" type="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} error={errors.phone} />
        </div>
      </Group>
      <Group
        title="Social accounts"
        description="The newsroom's own accounts: linked from the footer and named to search engines as the newsroom's. Leave empty for none."
      >
        {SOCIAL_NETWORKS.map(({ key, name, home }) => (
          <Field
            key={key}
            label={name}
            type="url"
            inputMode="url"
            placeholder={`${home}yournewsroom`}
            value={values.social[key]}
            onChange={(e) => set('social', { ...values.social, [key]: e.target.value })}
            error={errors[`social.${key}`]}
          />
        ))}
      </Group>
      <Group title="Menus" description="The links in the header (on phones: its menu) and in the footer, after its quick links.">
        <MenuEditor
          label="Header"
          defaultLabel="Every category, by name"
          value={values.navigation.header}
          choices={choices}
          max={MENU_LIMITS.header}
          error={errors['navigation.header']}
          onChange={(header) => set('navigation', { ...values.navigation, header })}
        />
        <MenuEditor
          label="Footer"
          defaultLabel="Every published page, by title"
          value={values.navigation.footer}
          choices={choices}
          max={MENU_LIMITS.footer}
          error={errors['navigation.footer']}
          onChange={(footer) => set('navigation', { ...values.navigation, footer })}
        />
      </Group>
      <Group
        title="Comments"
        description="How readers' comments are moderated. Held comments wait in the dashboard's Comments queue for an editor or admin."
      >
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={values.comments.premoderated}
            onChange={(e) => set('comments', { ...values.comments, premoderated: e.target.checked })}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          <span>
            <span className="font-medium">Hold a reader's first comment for a moderator</span>
            <span className="block text-slate-600">
              A reader with no comment shown yet waits for approval; once one is approved, their comments are shown at once.
            </span>
          </span>
        </label>
        <BlockedWordsField
          value={values.comments.blockedWords}
          error={errors['comments.blockedWords']}
          onChange={(blockedWords) => set('comments', { ...values.comments, blockedWords })}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Comments a reader may post a minute"
            type="number"
            min={1}
            max={100}
            value={values.comments.perUserPerMinute}
            error={errors['comments.perUserPerMinute']}
            onChange={(e) => set('comments', { ...values.comments, perUserPerMinute: e.target.valueAsNumber })}
          />
          <Field
            label="Comments one network may post a minute"
            type="number"
            min={1}
            max={10000}
            value={values.comments.perNetworkPerMinute}
            error={errors['comments.perNetworkPerMinute']}
            hint="All readers behind one address (an office, a school) together."
            onChange={(e) => set('comments', { ...values.comments, perNetworkPerMinute: e.target.valueAsNumber })}
          />
        </div>
      </Group>
      <Group
        title="Reports"
        description="Reading is measured without cookies and without keeping any reader's address. Each page's raw reading reports are kept for a number of days; after that only the daily sums remain."
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Days to keep raw reading reports"
            type="number"
            min={2}
            max={400}
            value={values.readEventDays}
            error={errors.readEventDays}
            hint="From 2 to 400 days. Reports of older days still show their sums."
            onChange={(e) => set('readEventDays', e.target.valueAsNumber)}
          />
        </div>
      </Group>
      <Group title="Indexing" description="Keep a staging or test site out of search engines.">
        <label className="flex items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            checked={values.noindex}
            onChange={(e) => set('noindex', e.target.checked)}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
          />
          <span>
            <span className="font-medium">Hide this site from search engines</span>
            <span className="block text-slate-600">
              Every page, feed and share page says noindex, so search engines leave the site out. Turn it off when the site goes live.
            </span>
          </span>
        </label>
      </Group>
      {saved && <SuccessBox>Settings saved. Every page shows them now.</SuccessBox>}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </form>
  );
}

/** The dashboard's Settings page, for admins (docs/decisions/056-site-settings.md). */
export function SettingsPage() {
  const settings = useSiteSettings();
  return (
    <>
      <PageHeader
        title="Settings"
        description="The newsroom's name, colour, language, contact, social accounts, menus, comments and indexing."
      />
      {settings.isPending ? (
        <LoadingText>Loading settings...</LoadingText>
      ) : settings.isError ? (
        <ErrorBox>{problemFrom(settings.error, 'Failed to fetch the settings').message}</ErrorBox>
      ) : (
        <SettingsForm settings={settings.data} onReload={async () => (await settings.refetch({ throwOnError: true })).data!} />
      )}
    </>
  );
}
