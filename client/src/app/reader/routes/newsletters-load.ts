import { getNewslettersQueryOptions, getPreferencesQueryOptions } from '#client/features/newsletters/api/newsletters';
import { ApiError } from '#client/lib/api-client';
import { pageOfFailure, type LoadArgs, type Loaded } from '../load';

/** On the server: /newsletters (its own chunk in the browser: ./newsletters.tsx). */
export async function loadNewsletters({ queryClient, transport }: LoadArgs): Promise<Loaded> {
  try {
    await queryClient.fetchQuery(getNewslettersQueryOptions(transport));
    return { page: { kind: 'newsletters', view: 'list' } };
  } catch (err) {
    return pageOfFailure(err, 'Error');
  }
}

/** On the server: /newsletters/preferences?token=…; a link that is not valid shows the page with why. */
export async function loadNewsletterPreferences({ searchParams, queryClient, transport }: LoadArgs): Promise<Loaded> {
  const token = searchParams.get('token') ?? '';
  try {
    await queryClient.fetchQuery(getPreferencesQueryOptions(token, transport));
  } catch (err) {
    // The page says what was wrong with the link (its useQuery reads the failure).
    if (!(err instanceof ApiError && err.status === 400)) return pageOfFailure(err, 'Error');
  }
  return { page: { kind: 'newsletters', view: 'preferences' } };
}

/** On the server: /newsletters/confirm?token=… (the token is checked when the button posts it). */
export async function loadNewsletterConfirm(): Promise<Loaded> {
  return { page: { kind: 'newsletters', view: 'confirm' } };
}
