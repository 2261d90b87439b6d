import { useQuery } from '@tanstack/react-query';
import { outboxMailSchema } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

/** GET /api/operator/outbox: e-mails sent or queued, so nothing is lost in development. */
export function useOutbox() {
  return useQuery({
    queryKey: ['operator', 'outbox'],
    queryFn: async ({ signal }) => {
      const answer = await api.get<{ data: unknown[] }>('/api/operator/outbox', signal);
      return answer.data.map((mail) => outboxMailSchema.parse(mail));
    },
  });
}
