/** What a reader is told once the article's link is copied (docs/spec/SPEC.md §4). */
export const COPIED = 'Link copied to clipboard!';

/** Puts `text` on the clipboard, by the selection when the Clipboard API is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    // No clipboard permission (an insecure origin, an old browser): the selection fallback still works.
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}
