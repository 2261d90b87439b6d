import { useMutation } from '@tanstack/react-query';
import type { RecoveryBody } from '@harbor/contracts';
import { publicApi } from '../../../shared/api-client/index.ts';

/** POST /api/users/password-recovery; answers the same whether or not the address has an account. */
export function usePasswordRecovery() {
  return useMutation({
    mutationFn: (body: RecoveryBody) => publicApi.post<{ ok: true }>('/api/users/password-recovery', body),
  });
}
