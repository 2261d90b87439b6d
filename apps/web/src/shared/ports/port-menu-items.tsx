import MenuItem from '@mui/material/MenuItem';
import { MAIN_PORTS } from './ports.ts';

/** Options for a port select: "Name (CODE)" in forms, the bare name where space is short (top bar). */
export function portMenuItems({ withCode = true }: { withCode?: boolean } = {}) {
  return MAIN_PORTS.map((port) => (
    <MenuItem key={port.code} value={port.code}>
      {withCode ? `${port.name} (${port.code})` : port.name}
    </MenuItem>
  ));
}
