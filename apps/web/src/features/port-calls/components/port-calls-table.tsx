import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PortCall } from '@harbor/contracts';
import { PORT_CALL_GROUPS } from '@harbor/contracts/port-call-constants';
import { COLUMNS, sortCalls, type SortState } from '../columns.ts';

interface Props {
  calls: PortCall[];
  columns: string[];
  sort: SortState;
  onSort: (sort: SortState) => void;
}

/**
 * One table, grouped arriving / at berth / at anchorage / departed, each group
 * sorted by the chosen column. A row opens the map with that ship selected.
 */
export function PortCallsTable({ calls, columns, sort, onSort }: Props) {
  const { t } = useTranslation('port-calls');
  const navigate = useNavigate();
  const visible = COLUMNS.filter((c) => columns.includes(c.id));
  const groups = useMemo(
    () =>
      PORT_CALL_GROUPS.map((group) => ({ group, calls: sortCalls(calls.filter((c) => c.group === group), sort) })).filter(
        (g) => g.calls.length > 0,
      ),
    [calls, sort],
  );
  const open = (call: PortCall) => {
    if (call.mmsi) void navigate('/map', { state: { portCallShipMmsi: call.mmsi } });
  };
  const toggleSort = (column: string) =>
    onSort({ column, direction: sort.column === column && sort.direction === 'asc' ? 'desc' : 'asc' });

  return (
    <TableContainer sx={{ maxHeight: 'calc(100vh - 260px)' }}>
      <Table size="small" stickyHeader aria-label={t('title')}>
        <TableHead>
          <TableRow>
            {visible.map((c) => (
              <TableCell
                key={c.id}
                align={c.numeric ? 'right' : 'left'}
                sortDirection={sort.column === c.id ? sort.direction : false}
                sx={{ whiteSpace: 'nowrap' }}
              >
                <TableSortLabel active={sort.column === c.id} direction={sort.column === c.id ? sort.direction : 'asc'} onClick={() => toggleSort(c.id)}>
                  {t(`columnNames.${c.id}`)}
                </TableSortLabel>
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {groups.map(({ group, calls: rows }) => (
            <Fragment key={group}>
              <TableRow data-group={group}>
                <TableCell colSpan={visible.length} sx={{ bgcolor: 'action.hover', py: 0.75 }}>
                  <Typography component="h2" variant="subtitle2">
                    {t(`groups.${group}`)} ({rows.length})
                  </Typography>
                </TableCell>
              </TableRow>
              {rows.map((call) => {
                const ship = call.ship.name ?? call.shipName ?? String(call.mmsi ?? '');
                return (
                  <TableRow
                    key={call.id}
                    hover
                    data-mmsi={call.mmsi ?? undefined}
                    onClick={() => open(call)}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open(call)}
                    tabIndex={call.mmsi ? 0 : -1}
                    aria-label={call.mmsi ? t('openOnMap', { ship }) : undefined}
                    sx={{ cursor: call.mmsi ? 'pointer' : 'default' }}
                  >
                    {visible.map((c, i) => (
                      <TableCell key={c.id} align={c.numeric ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                        {c.render(call, (key) => t(key))}
                        {/* A call of simulated traffic says so on its row, whatever the columns chosen. */}
                        {i === 0 && call.simulated && (
                          <Chip size="small" color="warning" variant="outlined" label={t('simulated.chip')} data-testid="simulated-chip" sx={{ ml: 1 }} />
                        )}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
