import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { Children, isValidElement, lazy, Suspense, useRef } from 'react';
import type { ReactElement, ReactNode } from 'react';
import type { TextInputProps } from './text-input.tsx';
import { TextInput } from './text-input.tsx';

/** What the reader did to the field before the select's code arrived; the select then carries it out. */
export type SelectWish = 'open' | 'focus' | null;

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<V extends string | string[] = string>
  extends Pick<
    TextInputProps,
    'id' | 'name' | 'label' | 'helperText' | 'error' | 'required' | 'disabled' | 'fullWidth' | 'size' | 'sx' | 'className' | 'margin' | 'autoFocus' | 'inputRef' | 'onBlur'
  > {
  value: V;
  onChange?: (event: { target: { value: V; name?: string } }) => void;
  /** The options as data: the menu's items are made once its code is here (so MenuItem is not needed before). */
  options?: readonly SelectOption[] | undefined;
  /** Or the options as MenuItems with a `value` (for items with more than text). */
  children?: ReactNode;
  multiple?: boolean;
  /** Shows the option whose value is '' (such as "All ports") when nothing is chosen; the label stays above the outline. */
  displayEmpty?: boolean;
  renderValue?: (value: V) => ReactNode;
}

const LoadedSelectField = lazy(() => import('./loaded-select-field.tsx'));

/**
 * MUI's outlined select (TextField in select mode) whose code (Select, Menu,
 * Popover, Modal, transitions: about 19 KB gzip) loads right after the page's
 * first render. Until it arrives the field is drawn closed, with the chosen
 * option's text; a click or key press meanwhile opens the menu once it is there,
 * and focus moves to it, so nothing the reader does is lost.
 */
export function SelectField<V extends string | string[] = string>(props: SelectFieldProps<V>) {
  const wish = useRef<SelectWish>(null);
  return (
    <Suspense fallback={<ClosedSelectField {...props} wish={wish} />}>
      <LoadedSelectField {...(props as unknown as SelectFieldProps<string | string[]>)} wish={wish} />
    </Suspense>
  );
}

/** The text the closed select shows: renderValue's, or the chosen options' texts. */
export function closedSelectText<V extends string | string[]>({ value, options, children, renderValue, displayEmpty }: SelectFieldProps<V>): ReactNode {
  if (renderValue) return renderValue(value);
  const chosen: string[] = Array.isArray(value) ? value : [value as string];
  const items: readonly { value: unknown; label: ReactNode }[] =
    options ??
    Children.toArray(children)
      .filter((c): c is ReactElement<{ value?: unknown; children?: ReactNode }> => isValidElement(c))
      .map((c) => ({ value: c.props.value, label: c.props.children }));
  const texts = items.filter((o) => chosen.includes(o.value as string) && (o.value !== '' || displayEmpty)).map((o) => o.label);
  return texts.length === 1 ? texts[0] : texts.map((text) => (typeof text === 'string' ? text : '')).join(', ');
}

const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

function ClosedSelectField<V extends string | string[]>(props: SelectFieldProps<V> & { wish: { current: SelectWish } }) {
  const { wish, value: _value, onChange: _onChange, options: _options, children: _children, multiple: _multiple, displayEmpty, renderValue: _renderValue, ...field } = props;
  const text = closedSelectText(props);
  return (
    <TextInput
      {...field}
      value={typeof text === 'string' || typeof text === 'number' ? text : ''}
      slotProps={{
        input: { readOnly: true, endAdornment: <ArrowDropDown sx={{ color: 'action.active', pointerEvents: 'none' }} />, sx: { cursor: 'pointer' } },
        htmlInput: {
          'aria-haspopup': 'listbox',
          onMouseDown: () => (wish.current = 'open'),
          onKeyDown: (e: { key: string }) => OPEN_KEYS.has(e.key) && (wish.current = 'open'),
          onFocus: () => (wish.current ??= 'focus'),
        },
        ...(displayEmpty && { inputLabel: { shrink: true } }),
      }}
    />
  );
}
