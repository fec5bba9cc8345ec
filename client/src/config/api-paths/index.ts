/**
 * Every address of the API the client calls (docs/api.md), one group per resource, one file per group.
 * Import it as a namespace (`import * as apiPaths from '…/config/api-paths'`): a bundle then keeps only
 * the groups it uses, and the dashboard's groups (users, stats…) stay out of the readers' chunk.
 */
export { articles } from './articles';
export { authors } from './authors';
export { uploads } from './uploads';
export { auth } from './auth';
export { breakingNews } from './breaking-news';
export { categories } from './categories';
export { comments, moderation } from './comments';
export { stats } from './stats';
export { users } from './users';
export { views } from './views';
export { site } from './site';
export { pages } from './pages';
export { search } from './search';
export { audit } from './audit';
export { reports } from './reports';
export { newsletters } from './newsletters';
