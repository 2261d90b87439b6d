import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent, Ref, RefCallback } from 'react';
import type { ParsedText } from './date-text.ts';

export interface TypedValueOptions {
  /** The field's value ('' when empty), in the value shape of its kind (see date-text.ts). */
  value: string;
  onChange?: ((value: string) => void) | undefined;
  onBlur?: ((event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => void) | undefined;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement> | undefined;
  parse: (text: string) => ParsedText;
  format: (value: string) => string;
  /** Bounds in the value shape; values of one kind compare as strings. */
  min?: string | undefined;
  max?: string | undefined;
  /** The texts of the three problems; the bounds get the bound, formatted. */
  messages: { invalid: string; min: (bound: string) => string; max: (bound: string) => string };
}

function assignRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) (ref as { current: T | null }).current = node;
}

/**
 * The state of a text field whose text is parsed into a value (a date, a
 * time): the text stays as typed while it is typed, the value is reported as
 * soon as the text reads as one ('' while it does not, as a browser's date
 * input does), the text is normalised on blur, and a problem shows from the
 * first blur (or a refused form submit) on, with the text kept so it can be
 * corrected. The problem is also the input's custom validity, so a form
 * without noValidate refuses to submit, as with the browser's own inputs.
 */
export function useTypedValue({ value, onChange, onBlur, inputRef, parse, format, min, max, messages }: TypedValueOptions) {
  const [text, setText] = useState(() => format(value));
  const [prevValue, setPrevValue] = useState(value);
  const [checked, setChecked] = useState(false);
  const parsed = parse(text);
  const valueOfText = parsed.kind === 'valid' ? parsed.value : '';
  // A value set from outside (a reset, a calendar pick) replaces the text, unless the text already says it.
  if (value !== prevValue) {
    setPrevValue(value);
    if (value !== valueOfText) {
      setText(format(value));
      setChecked(false);
    }
  }

  const problem =
    parsed.kind === 'invalid'
      ? messages.invalid
      : parsed.kind === 'valid' && min && parsed.value < min
        ? messages.min(format(min))
        : parsed.kind === 'valid' && max && parsed.value > max
          ? messages.max(format(max))
          : null;

  const input = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    input.current?.setCustomValidity(problem ?? '');
  }, [problem]);

  const ref: RefCallback<HTMLInputElement | HTMLTextAreaElement> = useCallback(
    (node) => {
      input.current = node instanceof HTMLInputElement ? node : null;
      assignRef(inputRef, node);
    },
    [inputRef],
  );

  const setValue = (next: string) => {
    setText(format(next));
    if (next !== value) onChange?.(next);
  };

  return {
    text,
    /** The problem to show: after the first blur only, so typing is not scolded half-way. */
    error: checked ? problem : null,
    /** True when the problem is text that reads as no value (not a value out of bounds). */
    unreadable: parsed.kind === 'invalid',
    inputRef: ref,
    input,
    /** Sets the value from a picker: the text follows it, and the caller's onChange hears it. */
    setValue,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const nextText = event.target.value;
      const next = parse(nextText);
      const nextValue = next.kind === 'valid' ? next.value : '';
      // The value is reported; the text stays as typed even if the parent takes a while to pass the value back.
      setText(nextText);
      if (nextValue !== value) onChange?.(nextValue);
    },
    onBlur: (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setChecked(true);
      if (parsed.kind === 'valid') setText(format(parsed.value));
      onBlur?.(event);
    },
    /**
     * A refused form submit shows the problem at once, under the field in the
     * page's language rather than in the browser's bubble (cancelled), and the
     * first refused field takes the focus, as it would with the bubble.
     */
    onInvalid: (event: { preventDefault(): void; currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      event.preventDefault();
      setChecked(true);
      const active = document.activeElement;
      if (!(active instanceof HTMLInputElement && active.form === event.currentTarget.form && !active.validity.valid)) event.currentTarget.focus();
    },
  };
}

/**
 * The field's own message, if it should show: text that reads as no value
 * always says so (the caller sees only ''), but a value out of bounds gives
 * way to the caller's error, whose rule (an earliest start, an end before the
 * start) says more than "not before".
 */
export function ownMessage(typed: { error: string | null; unreadable: boolean }, callerError: boolean): string | null {
  if (!typed.error) return null;
  return typed.unreadable || !callerError ? typed.error : null;
}
