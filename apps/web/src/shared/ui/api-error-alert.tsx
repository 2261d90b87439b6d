import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { errorCodeOf } from '../api-client/index.ts';

/** The translated text of a failed call (`errors:<code>`); renders nothing without an error. */
export function ApiErrorAlert({ error, id }: { error: unknown; id?: string }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert severity="error" id={id} role="alert" sx={{ my: 2 }}>
      {t(`errors:${errorCodeOf(error)}`)}
    </Alert>
  );
}
