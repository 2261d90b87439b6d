import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartTemplate, SkippedTemplateLine } from '@harbor/contracts';
import { formatDate } from '../../../shared/i18n/format.ts';
import { useDeleteTemplate, useUpdateTemplate } from '../api/carts-api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';
import { lazyOverlay } from '../../../shared/ui/lazy-overlay.tsx';

// The port-call picker (port search, calls select) loads when a template is started, not with the list.
const StartFromTemplateDialog = lazyOverlay(() => import('./start-from-template-dialog.tsx').then((m) => m.StartFromTemplateDialog));

type Open = { kind: 'start' | 'rename' | 'delete'; template: CartTemplate } | null;

/** The templates to start a new cart from; each can be renamed or deleted. */
export function TemplatesList({ templates, onStarted }: { templates: CartTemplate[]; onStarted: (cartId: string, skipped: SkippedTemplateLine[]) => void }) {
  const { t } = useTranslation('carts');
  const [open, setOpen] = useState<Open>(null);
  const rename = useUpdateTemplate();
  const remove = useDeleteTemplate();
  const close = () => {
    setOpen(null);
    rename.reset();
    remove.reset();
  };
  return (
    <>
      <List aria-label={t('templates.title')}>
        {templates.map((template) => (
          <ListItem key={template.id} divider data-testid="template-row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={template.name}
              secondary={[
                template.ship.name + (template.ship.imo ? ` (IMO ${template.ship.imo})` : ''),
                t('templates.lines', { count: template.products.length }),
                formatDate(template.created),
              ].join(' · ')}
            />
            <Stack direction="row" spacing={1}>
              <Button variant="outlined" size="small" onMouseEnter={StartFromTemplateDialog.preload} onFocus={StartFromTemplateDialog.preload} onClick={() => setOpen({ kind: 'start', template })} aria-label={t('templates.startNamed', { name: template.name })}>
                {t('templates.start')}
              </Button>
              <Button size="small" onClick={() => setOpen({ kind: 'rename', template })} aria-label={t('templates.renameNamed', { name: template.name })}>
                {t('templates.rename')}
              </Button>
              <Button size="small" color="error" onClick={() => setOpen({ kind: 'delete', template })} aria-label={t('templates.deleteNamed', { name: template.name })}>
                {t('templates.delete')}
              </Button>
            </Stack>
          </ListItem>
        ))}
      </List>
      {open?.kind === 'start' && <StartFromTemplateDialog open template={open.template} onClose={close} onCreated={onStarted} />}
      {open?.kind === 'rename' && (
        <NameDialog
          title={t('templates.renameTitle')}
          label={t('templates.name')}
          initial={open.template.name}
          submitLabel={t('common:actions.save')}
          pending={rename.isPending}
          error={rename.error}
          onClose={close}
          onSubmit={(name) => rename.mutate({ id: open.template.id, body: { name } }, { onSuccess: close })}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          title={t('templates.deleteTitle')}
          text={t('templates.deleteText', { name: open.template.name })}
          confirmLabel={t('templates.delete')}
          pending={remove.isPending}
          error={remove.error}
          onClose={close}
          onConfirm={() => remove.mutate(open.template.id, { onSuccess: close })}
        />
      )}
    </>
  );
}
