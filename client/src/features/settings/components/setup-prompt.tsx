import { Link } from 'react-router';
import { paths } from '#client/config/paths';
import { Button, buttonClasses } from '#client/components/ui/button';
import { problemFrom } from '#client/lib/errors';
import { useSiteSettings, useUpdateSiteSettings } from '../api/settings';

/**
 * The first-run setup's offer, on the dashboard's overview of those who manage the settings (docs/decisions/056):
 * until an admin saves the settings or skips it, the site shows a fresh install's name and contact, and this says so.
 */
export function SetupPrompt() {
  const settings = useSiteSettings();
  const update = useUpdateSiteSettings();
  if (!settings.data || settings.data.setUpAt) return null;
  const { version } = settings.data;
  return (
    <section aria-labelledby="setup-title" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950 shadow-sm">
      <h2 id="setup-title" className="text-lg font-semibold">
        This site is not set up yet
      </h2>
      <p className="mt-1 text-sm">
        Readers see a fresh install’s name, “{settings.data.name}”, and its sample contact details. Give the site your newsroom’s
        name, tagline, contact and social accounts: it takes a minute.
      </p>
      {update.error && <p className="mt-2 text-sm text-red-700">{problemFrom(update.error, 'Failed to skip the setup').message}</p>}
      <div className="mt-4 flex flex-wrap gap-3">
        <Link to={paths.dashboardPage('settings')} className={buttonClasses('primary')}>
          Set up the site
        </Link>
        <Button variant="secondary" disabled={update.isPending} onClick={() => update.mutate({ input: { setUp: true }, version })}>
          {update.isPending ? 'Skipping...' : 'Skip for now'}
        </Button>
      </div>
    </section>
  );
}
