import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { portOptions } from '../../../shared/ports/ports.ts';
import { SelectField } from '../../../shared/ui/select-field.tsx';
import { EditorField } from '../components/editor-fields.tsx';
import { translateIssue } from '../messages.ts';
import type { EditorControl } from './editor-control.ts';

/** The Location tab: the listing's port and an optional point. */
export function LocationTab({ control }: { control: EditorControl }) {
  const { t } = useTranslation();
  const { field, fieldState } = useController({ control, name: 'port' });
  return (
    <>
      <SelectField
        label={t('listings:editor.fields.port')}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        error={Boolean(fieldState.error)}
        helperText={fieldState.error ? translateIssue(t, fieldState.error.message) : undefined}
        inputRef={field.ref}
        options={portOptions()}
        required
      />
      <Typography variant="body2" color="text.secondary">
        {t('listings:editor.locationHelp')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <EditorField control={control} name="lat" label={t('listings:order.lat')} inputMode="decimal" />
        <EditorField control={control} name="lng" label={t('listings:order.lng')} inputMode="decimal" />
      </Stack>
    </>
  );
}
