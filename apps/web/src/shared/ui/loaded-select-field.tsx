import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { ReactNode } from 'react';
import type { SelectFieldProps, SelectWish } from './select-field.tsx';

/** SelectField once its code is here: MUI's TextField in select mode (loaded lazily by select-field.tsx). */
export default function LoadedSelectField({
  wish,
  onChange,
  multiple,
  displayEmpty,
  renderValue,
  autoFocus,
  inputRef,
  options,
  children,
  ...field
}: SelectFieldProps<string | string[]> & { wish: { current: SelectWish } }) {
  // What the reader did to the closed field before this arrived: open the menu, or just keep the focus.
  const [initialWish] = useState(() => wish.current);
  return (
    <TextField
      {...field}
      select
      autoFocus={autoFocus || initialWish !== null}
      inputRef={inputRef}
      onChange={(e) => onChange?.({ target: { value: e.target.value as string | string[], name: e.target.name } })}
      slotProps={{
        select: {
          multiple,
          displayEmpty,
          renderValue: renderValue as ((value: unknown) => ReactNode) | undefined,
          defaultOpen: initialWish === 'open',
        },
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
