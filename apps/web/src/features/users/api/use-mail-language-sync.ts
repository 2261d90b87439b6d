import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isLimitedOnly } from '@harbor/contracts/roles';
import type { CurrentUser } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from '../../../shared/i18n/language.ts';
import { currentUserKey, useCurrentUser } from './use-current-user.ts';

/** True when this browser session picked a language with the flags (not just the default). */
function languageChosen(): boolean {
  try {
    return sessionStorage.getItem(LANGUAGE_STORAGE_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * The user's e-mails follow the language they pick in the app: a language
 * chosen with the flags is saved on their account (PATCH /api/users/me) once
 * signed in. The bare default is not, so a fresh browser does not turn a
 * Finnish reader's e-mails back to English.
 */
export function useMailLanguageSync(): void {
  const { i18n } = useTranslation();
  const { data: user } = useCurrentUser();
  const queryClient = useQueryClient();
  const language = resolveLanguage(i18n.language);
  // A change while mounted can only be a flag click (whose stored copy is written only after the switch renders).
  const first = useRef(language);
  const chosen = language !== first.current || languageChosen();
  useEffect(() => {
    if (!user || !chosen || user.language === language || isLimitedOnly(user.scopes)) return;
    api
      .patch<unknown>('/api/users/me', { language })
      .then(() => queryClient.setQueryData<CurrentUser>(currentUserKey, (u) => u && { ...u, language }))
      // Not worth a message: the e-mails keep the language saved before.
      .catch(() => undefined);
  }, [user, language, chosen, queryClient]);
}
