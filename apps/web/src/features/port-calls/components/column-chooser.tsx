import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';

const ColumnMenu = lazyOverlay(() => import('./column-menu.tsx').then((m) => m.ColumnMenu));

interface Props {
  value: string[];
  onChange: (ids: string[]) => void;
}

/**
 * The Columns button and its menu of checkboxes (column-menu.tsx); the table
 * keeps at least one column. The menu's code loads right after the first
 * render, in the background; a click before it arrives opens the menu as soon
 * as it is here.
 */
export function ColumnChooser({ value, onChange }: Props) {
  const { t } = useTranslation('port-calls');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  useEffect(() => ColumnMenu.preload(), []);
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
      <ColumnMenu open={Boolean(anchor)} anchor={anchor} onClose={() => setAnchor(null)} value={value} onChange={onChange} />
    </>
  );
}
