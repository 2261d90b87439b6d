import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { WorkingHours } from '@harbor/contracts';
import { DAYS_OF_WEEK } from '@harbor/contracts/listing-constants';

/** The listing page's working hours: one row per weekday, Monday first, and the seller's note. */
export function WorkingHoursTable({ hours }: { hours: WorkingHours }) {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="working-hours-title" sx={{ mb: 3 }}>
      <Typography id="working-hours-title" component="h2" variant="h3" sx={{ mb: 1 }}>
        {t('listings:workingHours.title')}
      </Typography>
      <Table size="small" aria-labelledby="working-hours-title" sx={{ maxWidth: 360 }}>
        <TableBody>
          {DAYS_OF_WEEK.map((day) => {
            const d = hours.days[day];
            return (
              <TableRow key={day}>
                <TableCell component="th" scope="row" sx={{ pl: 0 }}>
                  {t(`listings:weekdays.${day}`)}
                </TableCell>
                <TableCell>{d.open ? t('listings:workingHours.span', { from: d.from, to: d.to }) : t('listings:workingHours.closed')}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {hours.note && (
        <Typography variant="body2" sx={{ mt: 1, whiteSpace: 'pre-line' }}>
          {hours.note}
        </Typography>
      )}
    </Box>
  );
}
