import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { portMenuItems } from '../../shared/ports/port-menu-items.tsx';
import { setSelectedPort, useSelectedPort } from '../../shared/ports/selected-port.ts';

/** The port the marketplace browses; kept in localStorage. The ports API will feed the options later. */
export function PortPicker() {
  const { t } = useTranslation();
  const port = useSelectedPort();
  return (
    <TextField
      select
      size="small"
      id="top-bar-port"
      // No floating label on the dark app bar; the select still gets its accessible name.
      slotProps={{ htmlInput: { 'aria-label': t('common:topBar.port') } }}
      value={port}
      onChange={(e) => setSelectedPort(e.target.value)}
      sx={{ minWidth: 150, bgcolor: 'background.paper', borderRadius: 1 }}
    >
      {portMenuItems({ withCode: false })}
    </TextField>
  );
}
