import { useMutation } from '@tanstack/react-query';
import { api } from '../../../shared/api-client/index.ts';

/**
 * POST /api/users/me/verification-email; 429 email-too-many-verification-requests.
 * The spec rejects a send while one is in progress: callers disable their
 * button while `isPending`, and `mutate` is a no-op then.
 */
export function useSendVerificationEmail() {
  const mutation = useMutation({
    mutationFn: () => api.post<{ ok: true }>('/api/users/me/verification-email'),
  });
  const send = () => {
    if (!mutation.isPending) mutation.mutate();
  };
  return { ...mutation, send };
}
