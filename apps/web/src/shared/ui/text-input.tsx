import FormControl from '@mui/material/FormControl';
import type { FormControlProps } from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import type { FormHelperTextProps } from '@mui/material/FormHelperText';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import InputLabel from '@mui/material/InputLabel';
import type { InputLabelProps } from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId } from 'react';
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

/** The parts of the field that can be given extra props, as TextField's object-form `slotProps`. */
export interface TextInputSlotProps {
  /** The OutlinedInput (adornments, className, its ref). */
  input?: Partial<OutlinedInputProps> | undefined;
  /** The native input or textarea element. */
  htmlInput?: InputBaseComponentProps | undefined;
  inputLabel?: Partial<InputLabelProps> | undefined;
  formHelperText?: Partial<FormHelperTextProps> | undefined;
}

/**
 * The props of MUI's outlined TextField without its select mode: other props
 * (sx, className, size, margin, onKeyDown, …) go to the root FormControl, as
 * TextField does.
 */
export interface TextInputProps extends Omit<FormControlProps, 'children' | 'variant' | 'onChange' | 'onBlur' | 'onFocus' | 'defaultValue' | 'id'> {
  id?: string | undefined;
  label?: ReactNode;
  helperText?: ReactNode;
  name?: string | undefined;
  value?: unknown;
  defaultValue?: unknown;
  type?: InputHTMLAttributes<HTMLInputElement>['type'];
  autoComplete?: string | undefined;
  autoFocus?: boolean | undefined;
  placeholder?: string | undefined;
  /** Goes to the <input> (a phone shows the numeric keyboard), not to the FormControl's <div>. */
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  multiline?: boolean | undefined;
  rows?: number | string | undefined;
  minRows?: number | string | undefined;
  maxRows?: number | string | undefined;
  inputRef?: Ref<HTMLInputElement | HTMLTextAreaElement> | undefined;
  onChange?: OutlinedInputProps['onChange'];
  onBlur?: OutlinedInputProps['onBlur'];
  onFocus?: OutlinedInputProps['onFocus'];
  slotProps?: TextInputSlotProps | undefined;
}

/**
 * An outlined text field: what MUI's TextField renders (FormControl +
 * InputLabel + OutlinedInput + FormHelperText), with the same ids and ARIA
 * wiring, but without TextField's static import of Select (and with it Menu,
 * Popover, Modal, List…), which a page without a select never needs. For a
 * select use MUI's TextField with `select` (see form-select-field.tsx).
 */
export function TextInput({
  id: idOverride,
  label,
  helperText,
  name,
  value,
  defaultValue,
  type,
  autoComplete,
  autoFocus = false,
  placeholder,
  inputMode,
  multiline = false,
  rows,
  minRows,
  maxRows,
  inputRef,
  onChange,
  onBlur,
  onFocus,
  slotProps = {},
  color = 'primary',
  disabled = false,
  error = false,
  fullWidth = false,
  required = false,
  ...other
}: TextInputProps) {
  const reactId = useId();
  // As TextField: the input's id, and from it the label's and the helper text's.
  const id = idOverride ?? reactId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const inputLabelId = label ? `${id}-label` : undefined;
  const { input: inputProps, htmlInput, inputLabel, formHelperText } = slotProps;
  return (
    <FormControl {...other} disabled={disabled} error={error} fullWidth={fullWidth} required={required} color={color} variant="outlined">
      {label != null && label !== '' && (
        <InputLabel htmlFor={id} id={inputLabelId} {...inputLabel}>
          {label}
        </InputLabel>
      )}
      <OutlinedInput
        aria-describedby={helperTextId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        fullWidth={fullWidth}
        multiline={multiline}
        name={name}
        rows={rows}
        maxRows={maxRows}
        minRows={minRows}
        type={type}
        value={value}
        id={id}
        inputRef={inputRef}
        onBlur={onBlur}
        onChange={onChange}
        onFocus={onFocus}
        placeholder={placeholder}
        inputProps={inputMode ? { inputMode, ...htmlInput } : htmlInput}
        // The label text sizes the gap in the outline; a shrunk label keeps the gap open.
        label={label}
        {...(inputLabel?.shrink !== undefined && { notched: inputLabel.shrink })}
        {...inputProps}
      />
      {helperText && (
        <FormHelperText id={helperTextId} {...formHelperText}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}
