import { startIslands } from './islands/start';
import { STATE_ELEMENT_ID, type PageState } from './lib/page-state';
import './reader.css';

/**
 * The browser's entry (docs/decisions/054-reader-islands.md). A reader page arrives rendered, with the data it was
 * rendered from, and is left as it is: its interactive parts (the menus, the ticker, share, view counting, the
 * comments, "Load more stories") start as islands, and React is loaded only for the comments, when the reader nears
 * them, or for more stories. The dashboard and the auth screens arrive as the bare shell and load the app (spa.tsx).
 */
const stateElement = document.getElementById(STATE_ELEMENT_ID);

if (stateElement?.textContent) startIslands(JSON.parse(stateElement.textContent) as PageState);
else void import('./spa').then((spa) => spa.start());
