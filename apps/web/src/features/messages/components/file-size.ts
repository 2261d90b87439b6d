import type { TFunction } from 'i18next';

/** Bytes as B, kB or MB (1024-based, as the 20 MB limit is), one decimal in the reader's language. */
export function formatFileSize(t: TFunction, bytes: number, language?: string): string {
  const fmt = (n: number) => new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024) return t('messages:attachments.size.b', { value: fmt(bytes) });
  if (bytes < 1024 * 1024) return t('messages:attachments.size.kb', { value: fmt(bytes / 1024) });
  return t('messages:attachments.size.mb', { value: fmt(bytes / (1024 * 1024)) });
}
