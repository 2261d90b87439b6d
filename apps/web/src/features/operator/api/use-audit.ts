import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction } from '@harbor/contracts';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

/** GET /api/operator/audit?action&page: the operators' actions, newest first. */
export function useAudit(action: AuditAction | undefined, page: number) {
  return useQuery({
    queryKey: ['operator', 'audit', action ?? 'all', page],
    queryFn: async ({ signal }) => {
      const search = new URLSearchParams({ page: String(page) });
      if (action) search.set('action', action);
      return parseAnswer(operatorResponseSchemas(), api.get<unknown>(`/api/operator/audit?${search}`, signal), (s, answer) => s.auditPageSchema.parse(answer));
    },
    placeholderData: keepPreviousData,
  });
}
