import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@harbor/contracts';
import { lazyImport, parseAnswer, session } from '../../../shared/api-client/index.ts';

const authResponseSchemas = lazyImport(() => import('./auth-response-schemas.ts'));

/** POST /api/users/register: the account is created pending manual approval, nobody is signed in. */
export function useSignup() {
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      parseAnswer(authResponseSchemas(), session.signup<unknown>(body), (s, answer) => s.registerResponseSchema.parse(answer)),
  });
}
