import { startIslands } from './islands/start';
import { ISLAND_PAGES, STATE_ELEMENT_ID, type PageState } from './lib/page-state';
import './reader.css';

/**
 * The browser's entry (docs/decisions/054-reader-islands.md). A reader page arrives rendered, with the data it was
 * rendered from. Most reader pages are then left as they are: their interactive parts (the menus, the ticker, share,
 * view counting, the comments) start as islands, and React is loaded only for the comments, when the reader nears
 * them. The pages that still hydrate, the dashboard and the auth screens load the app (spa.tsx).
 */
const stateElement = document.getElementById(STATE_ELEMENT_ID);
const state = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as PageState) : null;

if (state && ISLAND_PAGES.includes(state.kind)) startIslands(state);
else void import('./spa').then((spa) => spa.start(state));
