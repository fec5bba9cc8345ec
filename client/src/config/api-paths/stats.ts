export const stats = {
  counters: '/api/stats',
  activity: '/api/stats/activity',
};
