import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectFieldProps<V extends string | string[] = string>
  extends Pick<
    TextFieldProps,
    'id' | 'name' | 'label' | 'helperText' | 'error' | 'required' | 'disabled' | 'fullWidth' | 'size' | 'sx' | 'className' | 'margin' | 'autoFocus' | 'inputRef' | 'onBlur'
  > {
  value: V;
  onChange?: (event: { target: { value: V; name?: string } }) => void;
  /** The options as data (most selects are a list of values and texts). */
  options?: readonly SelectOption[] | undefined;
  /** Or the options as MenuItems with a `value` (for items with more than text). */
  children?: ReactNode;
  multiple?: boolean;
  /** Shows the option whose value is '' (such as "All ports") when nothing is chosen; the label stays above the outline. */
  displayEmpty?: boolean;
  renderValue?: (value: V) => ReactNode;
}

/** MUI's outlined select (TextField in select mode) with its options given as data or as MenuItems. */
export function SelectField<V extends string | string[] = string>({ onChange, multiple, displayEmpty, renderValue, options, children, ...field }: SelectFieldProps<V>) {
  return (
    <TextField
      {...field}
      select
      onChange={(e) => onChange?.({ target: { value: e.target.value as V, name: e.target.name } })}
      slotProps={{
        select: { multiple, displayEmpty, renderValue: renderValue as ((value: unknown) => ReactNode) | undefined },
        ...(displayEmpty && { inputLabel: { shrink: true } }),
      }}
    >
      {options
        ? options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))
        : children}
    </TextField>
  );
}
