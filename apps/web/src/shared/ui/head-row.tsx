import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** A column heading: its text, or its text and alignment (numbers sit right). */
export type HeadCell = string | { label: string; align: 'right' };

/**
 * The head of a plain table: one row of column headings, in order. `false` leaves a column out
 * (one that shows only in some views), so a table lists its columns in one place.
 */
export function HeadRow({ cells }: { cells: (HeadCell | false)[] }) {
  return (
    <TableHead>
      <TableRow>
        {cells
          .filter((c): c is HeadCell => c !== false)
          .map((c) => (typeof c === 'string' ? { label: c, align: undefined } : c))
          .map(({ label, align }) => (
            <TableCell key={label} align={align}>
              {label}
            </TableCell>
          ))}
      </TableRow>
    </TableHead>
  );
}
