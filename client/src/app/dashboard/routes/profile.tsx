import { useState } from 'react';
import { Link } from 'react-router';
import { updateProfileInputSchema } from '#shared/schemas/users';
import type { Profile } from '#shared/types';
import { ErrorBox, SuccessBox } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { Field, TextArea } from '#client/components/ui/field';
import { LoadingText } from '#client/components/ui/page-state';
import { ReloadLatest } from '#client/components/ui/reload-latest';
import { usePageForm } from '#client/components/ui/use-page-form';
import { paths } from '#client/config/paths';
import { uploadFile } from '#client/features/articles/api/upload-file';
import { useProfile, useUpdateProfile } from '#client/features/authors/api/profile';
import { AuthorPhoto } from '#client/features/authors/components/author-photo';
import { problemFrom } from '#client/lib/errors';
import { PageHeader } from '../dashboard-layout';

interface Values {
  name: string;
  bio: string;
  avatarUrl: string | null;
}

const valuesOf = (p: Profile): Values => ({ name: p.name, bio: p.bio ?? '', avatarUrl: p.avatarUrl });

/** The form, filled from one version of the profile: a save names that version, and a stale one offers to reload. */
function ProfileForm({ profile, onReload }: { profile: Profile; onReload(): Promise<Profile> }) {
  const [uploading, setUploading] = useState(false);
  const update = useUpdateProfile();
  const { values, set, setErrors, errors, problem, setProblem, saved, submit, reload } = usePageForm({
    record: profile,
    valuesOf,
    schema: updateProfileInputSchema,
    save: (input, version) => update.mutateAsync({ input, version }),
    failure: 'Failed to update user',
    latest: onReload,
  });

  const pickPhoto = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const { path, type } = await uploadFile(file);
      if (type !== 'image') setErrors((e) => ({ ...e, avatarUrl: 'Choose an image: JPEG, PNG, WebP, GIF or AVIF.' }));
      else {
        set('avatarUrl', path);
        setErrors((e) => ({ ...e, avatarUrl: undefined }));
      }
    } catch (err) {
      setErrors((e) => ({ ...e, avatarUrl: problemFrom(err, 'Image upload failed').message }));
    } finally {
      setUploading(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="max-w-2xl space-y-5 rounded-xl bg-white p-6 shadow-sm">
      {problem && (
        <ErrorBox details={problem.details}>
          <p>{problem.message}</p>
          {problem.stale && <ReloadLatest onReload={reload} />}
        </ErrorBox>
      )}
      {saved && <SuccessBox>Profile saved.</SuccessBox>}
      <div className="flex flex-wrap items-center gap-4">
        <AuthorPhoto
          author={{
            name: values.name || profile.name,
            avatarUrl: values.avatarUrl,
            avatar: values.avatarUrl === profile.avatarUrl ? profile.avatar : null,
          }}
          size={80}
        />
        <div className="min-w-0 flex-1 space-y-2">
          <label className="block text-sm font-medium text-slate-800">
            Photo
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              onChange={(e) => void pickPhoto(e.target.files?.[0])}
              disabled={uploading}
              className="mt-1 block w-full max-w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-slate-900 file:px-3 file:py-2 file:text-white"
            />
          </label>
          {uploading && <p className="text-sm text-slate-600">Uploading...</p>}
          {errors.avatarUrl && <p className="text-sm text-red-700">{errors.avatarUrl}</p>}
          {values.avatarUrl && (
            <Button size="xs" variant="secondary" onClick={() => set('avatarUrl', null)}>
              Remove photo
            </Button>
          )}
        </div>
      </div>
      <Field label="Name" value={values.name} onChange={(e) => set('name', e.target.value)} error={errors.name} autoComplete="name" />
      <TextArea
        label="Bio"
        rows={5}
        value={values.bio}
        onChange={(e) => set('bio', e.target.value)}
        error={errors.bio}
        hint="Shown on your author page, under your name."
      />
      <div className="flex flex-wrap items-center gap-4">
        <Button type="submit" disabled={update.isPending || uploading}>
          {update.isPending ? 'Saving...' : 'Save Profile'}
        </Button>
        <Link to={paths.author(profile.slug)} className="text-sm font-semibold text-brand hover:underline">
          Your author page
        </Link>
      </div>
    </form>
  );
}

/**
 * The dashboard's Profile page, for every staff role (docs/decisions/049-author-pages.md): the name, bio and photo that
 * their author page and bylines show. The page exists once they have published.
 */
export function ProfilePage() {
  const profile = useProfile();
  return (
    <>
      <PageHeader title="Profile" description="Your name, bio and photo as readers see them on your author page." />
      {profile.isPending ? (
        <LoadingText>Loading profile...</LoadingText>
      ) : profile.isError ? (
        <ErrorBox>{problemFrom(profile.error, 'Failed to fetch users').message}</ErrorBox>
      ) : (
        <ProfileForm profile={profile.data} onReload={async () => (await profile.refetch({ throwOnError: true })).data!} />
      )}
    </>
  );
}
