import Box from '@mui/material/Box';

/**
 * The small count on a top-bar icon button (cart lines, sales waiting): a plain styled span,
 * not MUI's Badge, since the top bar is on every page and its code is kept small. Hidden
 * from screen readers: the button's label says the count. The button needs `position: relative`.
 */
export function CountDot({ count, testId }: { count: number; testId: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      data-testid={testId}
      sx={{
        position: 'absolute',
        top: 2,
        right: 0,
        minWidth: 18,
        height: 18,
        px: 0.5,
        borderRadius: 9,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        fontSize: '0.7rem',
        fontWeight: 700,
        lineHeight: '18px',
        textAlign: 'center',
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}
