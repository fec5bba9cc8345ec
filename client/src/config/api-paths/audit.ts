/** The audit log (docs/decisions/067-audit-log.md): admins read it, list its people and export it. */
export const audit = {
  list: '/api/audit',
  actors: '/api/audit/actors',
  export: '/api/audit/export',
};
