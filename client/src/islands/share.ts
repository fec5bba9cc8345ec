import { COPIED, copyText } from '#client/features/articles/lib/copy-text';
import { shareOnPhone, type Network } from '#client/features/articles/lib/mobile-share';
import { shareLinks } from '#client/features/articles/lib/share';

/**
 * The share buttons' island (features/articles/components/share-buttons.tsx renders them): on a phone a network's
 * link opens the share sheet or the network's app, and the copy button copies the article's address.
 */
export function startShare(origin: string): void {
  document.querySelectorAll<HTMLElement>('[data-share]').forEach((share) => {
    const { articleId = '', articleTitle = '' } = share.dataset;
    const links = shareLinks(origin, { id: articleId, title: articleTitle });
    share.querySelectorAll<HTMLAnchorElement>('a[data-network]').forEach((link) =>
      link.addEventListener('click', (e) => {
        if (shareOnPhone(link.dataset.network as Network, links, articleTitle)) e.preventDefault();
      }),
    );
    share.querySelector('[data-copy-link]')?.addEventListener('click', async () => {
      await copyText(links.article);
      window.alert(COPIED);
    });
  });
}
