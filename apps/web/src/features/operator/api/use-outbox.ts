import { useQuery } from '@tanstack/react-query';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { operatorResponseSchemas } from './lazy-schemas.ts';

/** GET /api/operator/outbox: e-mails sent or queued, so nothing is lost in development. */
export function useOutbox() {
  return useQuery({
    queryKey: ['operator', 'outbox'],
    queryFn: async ({ signal }) => {
      return parseAnswer(operatorResponseSchemas(), api.get<{ data: unknown[] }>('/api/operator/outbox', signal), (s, answer) =>
        answer.data.map((mail) => s.outboxMailSchema.parse(mail)),
      );
    },
  });
}
