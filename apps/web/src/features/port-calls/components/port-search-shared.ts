import type { PortOption } from '../../../shared/ports/ports.ts';

/** How the port search shows a port: "Rauma (FIRAU)", or just the code when that is all there is. */
export const portOptionLabel = (p: PortOption) => (p.name === p.code ? p.code : `${p.name} (${p.code})`);

/** The reader's place in the plain field: its text, caret and whether they opened the list. */
export interface PortSearchState {
  text: string;
  selection: readonly [number, number, 'forward' | 'backward' | 'none'];
  open: boolean;
}

/**
 * What the plain field leaves for the Autocomplete that replaces it: its input
 * and whether the reader opened the list meanwhile (a click on the field or its
 * arrow, typing, ArrowDown); `left` is the reader's state as the plain field went.
 */
export interface PortSearchCarry {
  input: HTMLInputElement | HTMLTextAreaElement | null;
  open: boolean;
  left: PortSearchState | null;
}

/** The reader's state in the plain field, or null when they are not in it. */
export function readPlainField({ input, open }: PortSearchCarry): PortSearchState | null {
  if (!input || !input.isConnected || input.ownerDocument.activeElement !== input) return null;
  const end = input.value.length;
  return { text: input.value, selection: [input.selectionStart ?? end, input.selectionEnd ?? end, input.selectionDirection ?? 'none'], open };
}

/** What both forms of the port search field (plain, then Autocomplete) are drawn from. */
export interface PortSearchFieldViewProps {
  id: string;
  label: string;
  placeholder: string;
  options: PortOption[];
  selected: PortOption;
  loading: boolean;
  /** The Autocomplete's own texts: its arrow button's two labels, the loading and no-match lines. */
  texts: { open: string; close: string; loading: string; noOptions: string };
  /** Text the reader typed (debounced into the zones search). */
  onType: (text: string) => void;
  onChoose: (code: string) => void;
  carry: PortSearchCarry;
}
