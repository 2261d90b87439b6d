import NativeSelect from '@mui/material/NativeSelect';
import { useTranslation } from 'react-i18next';
import { MAIN_PORTS } from '../../shared/ports/ports.ts';
import { setSelectedPort, useSelectedPort } from '../../shared/ports/selected-port.ts';

/**
 * The port the marketplace browses; kept in localStorage. A native select:
 * it is on every page, and the platform's own list is lighter to load than a
 * menu with popover and focus trap, and is the better picker on phones.
 */
export function PortPicker() {
  const { t } = useTranslation();
  const port = useSelectedPort();
  return (
    <NativeSelect
      id="top-bar-port"
      disableUnderline
      value={port}
      onChange={(e) => setSelectedPort(e.target.value)}
      // No floating label on the dark app bar; the select still gets its accessible name.
      inputProps={{ 'aria-label': t('common:topBar.port') }}
      sx={{ minWidth: 150, bgcolor: 'background.paper', borderRadius: 1, px: 1, py: 0.25 }}
    >
      {MAIN_PORTS.map((p) => (
        <option key={p.code} value={p.code}>
          {p.name}
        </option>
      ))}
    </NativeSelect>
  );
}
