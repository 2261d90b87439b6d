import type { TFunction } from 'i18next';
import type { Issue } from '@harbor/contracts';
import { translateMessage } from '../../shared/i18n/messages.ts';
import { formatDateTime } from '../../shared/i18n/format.ts';

/**
 * Contract messages come as `ns:key` (listings rules) or `ns.key` (shared
 * validation); both are translated, ISO time values shown as DD.MM.YYYY HH:MM.
 */
export function translateIssue(t: TFunction, message: string | undefined, values?: Record<string, string>): string {
  if (!message) return '';
  const shown = Object.fromEntries(
    Object.entries(values ?? {}).map(([k, v]) => [k, /^\d{4}-\d\d-\d\dT/.test(v) ? formatDateTime(v) : v]),
  );
  if (/^[a-z-]+:/.test(message)) return t(message, shown);
  return translateMessage(t, message);
}

export const issueText = (t: TFunction, issue: Issue | undefined) => (issue ? translateIssue(t, issue.message, issue.values) : '');
