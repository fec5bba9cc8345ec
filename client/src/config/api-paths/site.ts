export const site = {
  /** What every page shows of the site (public). */
  public: '/api/site',
  /** The site settings (admins). */
  settings: '/api/settings',
};
