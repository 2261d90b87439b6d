import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  value: number;
  /** The listing's minimum order amount; the quantity is never below it, nor 0. */
  min: number;
  disabled?: boolean;
  /** The line's name, so each stepper's controls are told apart by screen readers. */
  name: string;
  onCommit: (quantity: number) => void;
}

/**
 * A line's quantity: − and + step by one, typed values are sent on Enter or
 * when the field is left. Values under the minimum are refused here with the
 * same text the server would answer.
 */
export function QuantityStepper({ value, min, disabled, name, onCommit }: Props) {
  const { t } = useTranslation();
  const errorId = useId();
  const [text, setText] = useState(String(value));
  const [shown, setShown] = useState(value);
  // A new value from the server (after a save or a refetch) replaces what was typed.
  if (shown !== value) {
    setShown(value);
    setText(String(value));
  }
  const floor = Math.max(min, 0);
  const parsed = text.trim() === '' ? NaN : Number(text);
  const error = !Number.isFinite(parsed)
    ? t('common:cartMenu.quantityInvalid')
    : parsed <= 0
      ? t('common:cartMenu.quantityPositive')
      : parsed < floor
        ? t('common:cartMenu.quantityMin', { min: floor })
        : null;

  const commit = (next: number) => {
    if (!Number.isFinite(next) || next <= 0 || next < floor || next === value) return;
    setText(String(next));
    onCommit(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      commit(parsed);
    }
  };

  return (
    <Stack>
      <Stack direction="row" sx={{ alignItems: 'center' }}>
        <IconButton
          size="small"
          aria-label={t('common:cartMenu.decrease', { name })}
          disabled={disabled || !Number.isFinite(parsed) || parsed - 1 <= 0 || parsed - 1 < floor}
          onClick={() => commit(parsed - 1)}
        >
          <RemoveIcon fontSize="small" />
        </IconButton>
        <TextField
          size="small"
          sx={{ width: 88, flex: 'none' }}
          type="number"
          value={text}
          disabled={disabled}
          error={Boolean(error)}
          onChange={(e) => setText(e.target.value)}
          onBlur={() => commit(parsed)}
          onKeyDown={onKeyDown}
          slotProps={{ htmlInput: { 'aria-label': t('common:cartMenu.quantityOf', { name }), 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined, min: floor, step: 'any', style: { textAlign: 'center' } } }}
        />
        <IconButton size="small" aria-label={t('common:cartMenu.increase', { name })} disabled={disabled || !Number.isFinite(parsed)} onClick={() => commit(parsed + 1)}>
          <AddIcon fontSize="small" />
        </IconButton>
      </Stack>
      {error && (
        <Typography id={errorId} variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
