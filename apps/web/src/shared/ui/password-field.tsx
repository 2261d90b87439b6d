import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field.tsx';
import type { FormTextFieldProps } from './form-text-field.tsx';

type Props<T extends FieldValues, O> = Omit<FormTextFieldProps<T, O>, 'type'>;

/** A password field with a show/hide toggle (keyboard reachable, labelled). */
export function PasswordField<T extends FieldValues, O>(props: Props<T, O>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <FormTextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                aria-label={t(visible ? 'common:password.hide' : 'common:password.show')}
                aria-pressed={visible}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A new-password field: the browser may suggest a strong one, and the length rule is shown as the hint. */
export function NewPasswordField<T extends FieldValues, O>(props: Props<T, O>) {
  const { t } = useTranslation();
  return <PasswordField autoComplete="new-password" helperText={t('auth:fields.passwordHint')} required {...props} />;
}
