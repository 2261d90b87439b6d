import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COLUMNS, DEFAULT_COLUMNS } from '../columns.ts';

interface Props {
  value: string[];
  onChange: (ids: string[]) => void;
}

/** A menu of checkboxes; the table keeps at least one column. */
export function ColumnChooser({ value, onChange }: Props) {
  const { t } = useTranslation('port-calls');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = (id: string) => {
    const next = value.includes(id) ? value.filter((v) => v !== id) : [...value, id];
    if (next.length) onChange(COLUMNS.map((c) => c.id).filter((c) => next.includes(c)));
  };
  return (
    <>
      <Button
        startIcon={<ViewColumnIcon />}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'port-calls-columns' : undefined}
      >
        {t('columns')}
      </Button>
      <Menu
        id="port-calls-columns"
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
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
    </>
  );
}
