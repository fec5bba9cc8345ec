import { createContext, useContext } from 'react';

/**
 * On the server: the comments rendered as a root of their own (islands/comments-island.tsx), which the article page
 * puts in their place (app/reader/routes/article.tsx). A module of its own, so the page does not import the section.
 */
export const CommentsHtml = createContext<string | null>(null);
export const useCommentsHtml = () => useContext(CommentsHtml);
