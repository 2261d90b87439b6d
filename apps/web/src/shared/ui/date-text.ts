/**
 * Text <-> value rules of the date and time fields. Both languages read dates
 * as DD.MM.YYYY and times as 24 h HH:MM (seller spec section 9), whatever the
 * browser's locale, so the fields are text inputs parsed here rather than the
 * browser's date inputs, which follow the browser's locale.
 *
 * Values keep the shapes the native inputs had, so forms and URLs do not
 * change: a date is 'YYYY-MM-DD', a time 'HH:MM', a date-time the local
 * 'YYYY-MM-DDTHH:MM' of `<input type="datetime-local">`.
 */

export type ParsedText = { kind: 'empty' } | { kind: 'valid'; value: string } | { kind: 'invalid' };

const EMPTY: ParsedText = { kind: 'empty' };
const INVALID: ParsedText = { kind: 'invalid' };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIME = /^(\d{2}):(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;

function isRealDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1 || year < 1) return false;
  // Day 0 of the next month is the last day of this one (UTC: no DST surprises).
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * A typed date: 'D.M.YYYY' with any of . / - , or a space between the parts,
 * a two-digit year meaning 20YY ('5.3.26'), or the digits alone, 'DDMMYYYY'.
 */
export function parseDateText(text: string): ParsedText {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  let parts: RegExpMatchArray | null = trimmed.match(/^(\d{1,2})[./\-, ]\s*(\d{1,2})[./\-, ]\s*(\d{4}|\d{2})\.?$/);
  if (!parts) parts = trimmed.match(/^(\d{2})(\d{2})(\d{4})$/);
  if (!parts) return INVALID;
  const day = Number(parts[1]);
  const month = Number(parts[2]);
  const year = parts[3]!.length === 2 ? 2000 + Number(parts[3]) : Number(parts[3]);
  if (!isRealDate(year, month, day)) return INVALID;
  return { kind: 'valid', value: `${pad(year, 4)}-${pad(month)}-${pad(day)}` };
}

/** A typed 24 h time: 'H:MM' or 'H.MM', the digits alone ('930', '1430'), or just the hour ('14'). */
export function parseTimeText(text: string): ParsedText {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  const parts = trimmed.match(/^(\d{1,2})[:.](\d{2})$/) ?? trimmed.match(/^(\d{1,2})(\d{2})$/) ?? trimmed.match(/^(\d{1,2})()$/);
  if (!parts) return INVALID;
  const hours = Number(parts[1]);
  const minutes = Number(parts[2] || '0');
  if (hours > 23 || minutes > 59) return INVALID;
  return { kind: 'valid', value: `${pad(hours)}:${pad(minutes)}` };
}

/** A typed date and time: the date, then spaces, then the time ('5.3.2026 9:30', '05032026 0930'). */
export function parseDateTimeText(text: string): ParsedText {
  const trimmed = text.trim();
  if (trimmed === '') return EMPTY;
  const parts = trimmed.match(/^(\S+)\s+(\S+)$/);
  if (!parts) return INVALID;
  const date = parseDateText(parts[1]!);
  const time = parseTimeText(parts[2]!);
  if (date.kind !== 'valid' || time.kind !== 'valid') return INVALID;
  return { kind: 'valid', value: `${date.value}T${time.value}` };
}

/** 'YYYY-MM-DD' as 'DD.MM.YYYY'; anything else (an old or broken value) as it is, so nothing is hidden. */
export function formatDateValue(value: string): string {
  const parts = value.match(ISO_DATE);
  return parts ? `${parts[3]}.${parts[2]}.${parts[1]}` : value;
}

/** 'HH:MM' (also 'HH:MM:SS' from a server) as 'HH:MM'. */
export function formatTimeValue(value: string): string {
  const parts = value.match(/^(\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/);
  return parts ? `${parts[1]}:${parts[2]}` : value;
}

/** 'YYYY-MM-DDTHH:MM' as 'DD.MM.YYYY HH:MM'. */
export function formatDateTimeValue(value: string): string {
  const parts = value.match(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/);
  return parts ? `${formatDateValue(parts[1]!)} ${parts[2]}` : value;
}

/** The date part of a date-time value ('' if none). */
export function datePartOf(value: string): string {
  return value.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? '';
}

/** The time part of a date-time value ('' if none). */
export function timePartOf(value: string): string {
  return value.match(ISO_DATE_TIME)?.[2] ?? '';
}

export const isDateValue = (value: string) => ISO_DATE.test(value) && parseDateText(formatDateValue(value)).kind === 'valid';
export const isTimeValue = (value: string) => ISO_TIME.test(value) && parseTimeText(value).kind === 'valid';

/** A local calendar day as 'YYYY-MM-DD'. */
export function toDateValue(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A local time as 'YYYY-MM-DDTHH:MM' (minutes), the DateTimeField's value shape. */
export function toDateTimeValue(date: Date): string {
  return `${toDateValue(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
