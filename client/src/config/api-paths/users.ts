import { segment } from './segment';

export const users = {
  list: '/api/users',
  one: (id: string) => `/api/users/${segment(id)}`,
  suspend: (id: string) => `/api/users/${segment(id)}/suspend`,
  unsuspend: (id: string) => `/api/users/${segment(id)}/unsuspend`,
};
