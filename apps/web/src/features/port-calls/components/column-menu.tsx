import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useTranslation } from 'react-i18next';
import { COLUMNS, DEFAULT_COLUMNS } from '../columns.ts';

export interface ColumnMenuProps {
  open: boolean;
  /** The Columns button while the menu is open, else null. */
  anchor: HTMLElement | null;
  onClose: () => void;
  value: string[];
  onChange: (ids: string[]) => void;
}

/**
 * The column chooser's menu of checkboxes (loaded lazily by column-chooser.tsx,
 * with Menu, Popover, Modal and their transitions); the table keeps at least one column.
 */
export function ColumnMenu({ open, anchor, onClose, value, onChange }: ColumnMenuProps) {
  const { t } = useTranslation('port-calls');
  const toggle = (id: string) => {
    const next = value.includes(id) ? value.filter((v) => v !== id) : [...value, id];
    if (next.length) onChange(COLUMNS.map((c) => c.id).filter((c) => next.includes(c)));
  };
  return (
    <Menu
      id="port-calls-columns"
      anchorEl={anchor}
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: 420 } }, list: { 'aria-label': t('chooseColumns') } }}
    >
      {COLUMNS.map((c) => (
        <MenuItem key={c.id} dense onClick={() => toggle(c.id)} role="menuitemcheckbox" aria-checked={value.includes(c.id)}>
          <Checkbox size="small" checked={value.includes(c.id)} tabIndex={-1} disableRipple sx={{ py: 0 }} />
          <ListItemText primary={t(`columnNames.${c.id}`)} />
        </MenuItem>
      ))}
      <Divider />
      <MenuItem dense onClick={() => onChange(DEFAULT_COLUMNS)}>
        <ListItemText primary={t('resetColumns')} />
      </MenuItem>
    </Menu>
  );
}
