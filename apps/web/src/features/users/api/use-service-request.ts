import { useMutation } from '@tanstack/react-query';
import type { ServiceRequestBody } from '@harbor/contracts';
import { publicApi } from '../../../shared/api-client/index.ts';

/** POST /api/users/service-request (the feedback dialog). The spec only logs a failure; the user is thanked either way. */
export function useServiceRequest() {
  return useMutation({
    mutationFn: (body: ServiceRequestBody) => publicApi.post<{ ok: true }>('/api/users/service-request', body),
    onError: (error) => console.error('feedback request failed', error),
  });
}
