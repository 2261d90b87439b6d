import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RegisterBody } from '@harbor/contracts';
import { lazyImport, parseAnswer, session } from '../../../shared/api-client/index.ts';
import { resolveLanguage } from '../../../shared/i18n/language.ts';

const authResponseSchemas = lazyImport(() => import('./auth-response-schemas.ts'));

/** POST /api/users/register: the account is created pending manual approval, nobody is signed in. */
export function useSignup() {
  // The account's e-mails (verification first) are written in the language the form was filled in.
  const language = resolveLanguage(useTranslation().i18n.language);
  return useMutation({
    mutationFn: async (body: RegisterBody) =>
      parseAnswer(authResponseSchemas(), session.signup<unknown>({ ...body, language }), (s, answer) => s.registerResponseSchema.parse(answer)),
  });
}
