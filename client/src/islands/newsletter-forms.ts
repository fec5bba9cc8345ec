import { storedSession } from '#client/lib/stored-session';
import * as apiPaths from '#client/config/api-paths';

/**
 * The newsletter forms' island (docs/decisions/069-newsletters.md). Without it a form posts as a plain form, and the
 * server sends a link to confirm. For a signed-in reader it posts through the API with their session instead: their
 * own verified address is subscribed in one click, and what happened shows beside the form.
 */
export function startNewsletterForms(): void {
  const session = storedSession();
  if (!session) return;
  document.querySelectorAll<HTMLFormElement>('form[data-newsletter-form]').forEach((form) => {
    const email = form.querySelector<HTMLInputElement>('input[name="email"]');
    if (email && !email.value) email.value = session.user.email;
    const said =
      form.querySelector<HTMLElement>('[data-newsletter-answer]') ??
      form.parentElement?.querySelector<HTMLElement>('[data-newsletter-answer]');
    form.addEventListener('submit', async (event) => {
      event.preventDefault();
      const data = new FormData(form);
      const newsletters = data.getAll('newsletters').map(String);
      const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
      if (button) button.disabled = true;
      try {
        // The box names none: the newsroom's first.
        if (newsletters.length === 0) {
          const list = (await (await fetch(apiPaths.newsletters.list)).json()) as { newsletters?: { slug: string }[] };
          newsletters.push(...(list.newsletters ?? []).slice(0, 1).map((n) => n.slug));
        }
        const res = await fetch(apiPaths.newsletters.subscribe, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${session.token}` },
          body: JSON.stringify({ email: String(data.get('email') ?? ''), newsletters }),
        });
        const body = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.status === 401) return form.submit();
        if (said) said.textContent = body.message ?? 'Something went wrong. Please try again in a moment.';
      } catch {
        // Offline or refused: the plain form does it the long way.
        form.submit();
      } finally {
        if (button) button.disabled = false;
      }
    });
  });
}
