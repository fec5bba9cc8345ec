import { useState } from 'react';
import { Link } from 'react-router';
import { siteSettingsSchema } from '#shared/schemas/settings';
import type { SiteSettings } from '#shared/types';
import { paths } from '#client/config/paths';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Field } from '#client/components/ui/field';
import { ReloadLatest } from '#client/components/ui/reload-latest';
import { usePageForm } from '#client/components/ui/use-page-form';
import { problemFrom } from '#client/lib/errors';
import { useSiteSettings, useUpdateSiteSettings } from '../api/settings';
import { AccentField } from './accent-field';
import { IMAGE_HINTS, ImageSetting, type Uploader } from './image-setting';
import { TimeZoneSelect } from './time-zone-select';

/** What the first-run setup asks: the four settings a newsroom changes first; the rest wait in Settings. */
const setupSchema = siteSettingsSchema.pick({ name: true, logoUrl: true, timeZone: true, accentColor: true });

const setupValuesOf = (s: SiteSettings) => ({
  name: s.name,
  logoUrl: s.logo?.url ?? null,
  timeZone: s.timeZone,
  accentColor: s.accentColor,
});

/** The short setup: name, logo, time zone and accent colour, saved together (which ends the setup). */
function SetupForm({
  settings,
  upload,
  onDone,
  onReload,
}: {
  settings: SiteSettings;
  upload: Uploader;
  onDone(): void;
  onReload(): Promise<SiteSettings>;
}) {
  const update = useUpdateSiteSettings();
  const { values, set, errors, problem, submit, reload } = usePageForm({
    record: settings,
    valuesOf: setupValuesOf,
    schema: setupSchema,
    save: async (input, version) => {
      const saved = await update.mutateAsync({ input, version });
      onDone();
      return saved;
    },
    failure: 'Failed to save the settings',
    latest: onReload,
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="mt-4 space-y-5 rounded-lg bg-white p-5 text-slate-900">
      {problem && (
        <ErrorBox details={problem.details}>
          <p>{problem.message}</p>
          {problem.stale && <ReloadLatest onReload={reload} />}
        </ErrorBox>
      )}
      <Field
        label="Site name"
        value={values.name}
        onChange={(e) => set('name', e.target.value)}
        error={errors.name}
        hint="Every page title, the header, the footer, the feeds and share previews."
        required
        autoFocus
      />
      <ImageSetting
        label="Logo"
        hint={IMAGE_HINTS.logo}
        value={values.logoUrl}
        error={errors.logoUrl}
        upload={upload}
        onChange={(url) => set('logoUrl', url)}
      />
      <div className="max-w-sm">
        <TimeZoneSelect value={values.timeZone} error={errors.timeZone} onChange={(zone) => set('timeZone', zone)} />
      </div>
      <AccentField
        value={values.accentColor}
        name={values.name}
        error={errors.accentColor}
        onChange={(color) => set('accentColor', color)}
      />
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save and finish'}
        </Button>
        <Link to={paths.dashboardPage('settings')} className="text-sm font-medium text-slate-700 underline">
          All settings
        </Link>
      </div>
    </form>
  );
}

/**
 * The first-run setup, on the dashboard's overview of those who manage the settings (docs/decisions/056): until an
 * admin saves the settings or skips it, the site shows a fresh install's name and contact, and this says so and offers
 * the short setup in place. The logo is stored by `upload` (POST /api/uploads: the articles feature's, given by the page).
 */
export function SetupPrompt({ upload }: { upload: Uploader }) {
  const settings = useSiteSettings();
  const skip = useUpdateSiteSettings();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  if (done)
    return (
      <div className="mb-6">
        <SuccessBox>
          The site is set up: every page shows its new name now. Its contact, social accounts, menus and the rest are in{' '}
          <Link to={paths.dashboardPage('settings')} className="font-medium underline">
            Settings
          </Link>
          .
        </SuccessBox>
      </div>
    );
  if (!settings.data || settings.data.setUpAt) return null;
  const { version } = settings.data;
  return (
    <section aria-labelledby="setup-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-sm">
      <h2 id="setup-title" className="text-lg font-semibold">
        This site is not set up yet
      </h2>
      <p className="mt-1 text-sm">
        Readers see a fresh install’s name, “{settings.data.name}”, and its sample contact details. Give the site your newsroom’s name,
        logo, time zone and colour: it takes a minute.
      </p>
      {skip.error && <p className="mt-2 text-sm text-red-700">{problemFrom(skip.error, 'Failed to skip the setup').message}</p>}
      {open ? (
        <SetupForm
          settings={settings.data}
          upload={upload}
          onDone={() => setDone(true)}
          onReload={async () => (await settings.refetch({ throwOnError: true })).data!}
        />
      ) : (
        <div className="mt-4 flex flex-wrap gap-3">
          <Button onClick={() => setOpen(true)}>Set up the site</Button>
          <Button variant="secondary" disabled={skip.isPending} onClick={() => skip.mutate({ input: { setUp: true }, version })}>
            {skip.isPending ? 'Skipping...' : 'Skip for now'}
          </Button>
        </div>
      )}
    </section>
  );
}
