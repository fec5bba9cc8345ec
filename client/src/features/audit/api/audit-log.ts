import { keepPreviousData } from '@tanstack/react-query';
import { useMutation, useQuery } from '#client/lib/query-hooks';
import type { AuditActor, AuditEntry, Page } from '#shared/types';
import { api, download } from '#client/lib/api-client';
import { dashboardKeys } from '#client/lib/dashboard-keys';
import { saveFile } from '#client/lib/save-file';
import * as apiPaths from '#client/config/api-paths';

/** The audit log's filters as the address and the API take them (docs/decisions/067-audit-log.md). */
export interface AuditFilters {
  actor: string;
  action: string;
  from: string;
  to: string;
  /** One record's history (an article's id, say). */
  targetId?: string;
}

export const AUDIT_FILTERS = ['actor', 'action', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];

export const AUDIT_PAGE_SIZE = 50;

/** Only the filters set: an empty one filters nothing. */
const given = (filters: AuditFilters) => Object.fromEntries(Object.entries(filters).filter(([, v]) => v)) as Partial<AuditFilters>;

export function useAuditLog(filters: AuditFilters, offset: number) {
  const query = { ...given(filters), limit: AUDIT_PAGE_SIZE, offset };
  return useQuery({
    queryKey: dashboardKeys.auditPage(query),
    queryFn: ({ signal }) => api.get<Page<AuditEntry>>(apiPaths.audit.list, { signal, query }),
    placeholderData: keepPreviousData,
  });
}

export function useAuditActors() {
  return useQuery({
    queryKey: dashboardKeys.auditActors,
    queryFn: ({ signal }) => api.get<{ data: AuditActor[] }>(apiPaths.audit.actors, { signal }),
    select: (r) => r.data,
  });
}

/** Downloads the entries the filters match as CSV: the browser saves the file the server names. */
export function useExportAuditLog() {
  return useMutation({
    mutationFn: async (filters: AuditFilters) => {
      const { blob, filename } = await download(apiPaths.audit.export, given(filters), 'audit-log.csv');
      saveFile(blob, filename);
      return filename;
    },
  });
}
