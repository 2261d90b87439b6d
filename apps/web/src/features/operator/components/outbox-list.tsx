import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { useOutbox } from '../api/use-outbox.ts';

const URL_RE = /(https?:\/\/[^\s]+)/g;

/** Mail bodies are plain text; their links (verification, reset) are made clickable for testing in development. */
function MailText({ text }: { text: string }) {
  return (
    <Box component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'inherit', m: 0 }}>
      {text.split(URL_RE).map((part, i) =>
        i % 2 === 1 ? (
          <Link key={i} href={part}>
            {part}
          </Link>
        ) : (
          part
        ),
      )}
    </Box>
  );
}

/** Every e-mail the server sent or queued, newest first as the server orders them. */
export function OutboxList() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  if (outbox.isPending) return <Loading />;
  if (outbox.error) return <ApiErrorAlert error={outbox.error} />;
  if (outbox.data.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 4 }} role="status">
        {t('operator:empty.outbox')}
      </Typography>
    );
  return (
    <Box>
      {outbox.data.map((mail) => (
        <Accordion key={mail.id} disableGutters>
          <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`mail-${mail.id}`} id={`mail-${mail.id}-header`}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', width: '100%' }}>
              <Typography sx={{ fontWeight: 600, flex: '1 1 240px' }}>{mail.subject}</Typography>
              <Typography variant="body2" color="text.secondary">
                {mail.to}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(mail.createdAt)}
              </Typography>
              <Chip
                size="small"
                color={mail.sentAt ? 'success' : 'default'}
                label={mail.sentAt ? t('operator:outbox.sent') : t('operator:outbox.queued')}
              />
            </Box>
          </AccordionSummary>
          <AccordionDetails id={`mail-${mail.id}`}>
            <MailText text={mail.text} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
