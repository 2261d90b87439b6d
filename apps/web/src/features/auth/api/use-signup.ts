import { useMutation } from '@tanstack/react-query';
import { registerResponseSchema } from '@harbor/contracts';
import type { RegisterBody } from '@harbor/contracts';
import { session } from '../../../shared/api-client/index.ts';

/** POST /api/users/register: the account is created pending manual approval, nobody is signed in. */
export function useSignup() {
  return useMutation({
    mutationFn: async (body: RegisterBody) => registerResponseSchema.parse(await session.signup<unknown>(body)),
  });
}
