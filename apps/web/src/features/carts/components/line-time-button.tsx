import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartProduct } from '@harbor/contracts';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';

// The date-time fields load with the dialog, not with the cart page.
const LineTimeDialog = lazyOverlay(() => import('./line-time-dialog.tsx').then((m) => m.LineTimeDialog));

/** Opens the time-window dialog of a cart line (the cart page's line action). */
export function LineTimeButton({ line }: { line: CartProduct }) {
  const { t } = useTranslation('carts');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        onClick={() => setOpen(true)}
        onMouseEnter={LineTimeDialog.preload}
        onFocus={LineTimeDialog.preload}
        aria-label={t('lineTime.buttonNamed', { name: line.name })}
      >
        {t('lineTime.button')}
      </Button>
      {/* Keyed by the line's window, so a reopened dialog starts from the server's current times. */}
      <LineTimeDialog key={`${line.delivery.startTime}-${line.delivery.endTime}`} open={open} line={line} onClose={() => setOpen(false)} />
    </>
  );
}
