/**
 * Zod-free text rules (slugs, phone display), imported by the web app through
 * '@harbor/contracts/text-format'; validation.ts re-exports them.
 */

/** Slug rule: lowercased, accents folded, separators to '-', non-word removed, repeats collapsed. */
export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_/.]+/g, '-')
    .replace(/[^\w-]+/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'no-slug';
}

/** Phone display rule: non-digits stripped, digits grouped 3, 2, then up to 7; leading + or 00 kept. */
export function formatPhone(input: string): string {
  const trimmed = input.trim();
  const prefix = trimmed.startsWith('+') ? '+' : trimmed.startsWith('00') ? '00' : '';
  const digits = trimmed.slice(prefix.length).replace(/\D/g, '');
  const groups = [digits.slice(0, 3), digits.slice(3, 5), digits.slice(5, 12)].filter(Boolean);
  return prefix + groups.join(' ');
}
