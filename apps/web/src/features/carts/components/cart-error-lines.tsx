import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { cartErrorTexts } from '../error-text.ts';

/** A refused cart request in the spec's words, one alert line per text; nothing without an error. */
export function CartErrorLines({ error, sx }: { error: unknown; sx?: SxProps<Theme> }) {
  const { t } = useTranslation('carts');
  return cartErrorTexts(t, error).map((text) => (
    <Typography key={text} color="error" role="alert" sx={sx}>
      {text}
    </Typography>
  ));
}
