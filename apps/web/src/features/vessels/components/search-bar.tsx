import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_SEARCH_DEBOUNCE_MS } from '@harbor/contracts/map';
import { SHIP_SEARCH_MIN_CHARS, aisShipTypeLabel } from '@harbor/contracts/vessel-constants';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { useMapPortSearch } from '../../zones/index.ts';
import { useShipSearchPages } from '../api/use-ship-search-pages.ts';

/**
 * Which text is searched (tracking.md section 5): the debounced text when it
 * is longer than 2 characters; shorter non-empty text only when submitted
 * (Enter or the search icon); empty text resets.
 */
export function searchQueryFor(debounced: string, submitted: string | null): string {
  const text = debounced.trim();
  if (text === '') return '';
  if (text.length >= SHIP_SEARCH_MIN_CHARS) return text;
  return submitted !== null && submitted.trim() === text ? text : '';
}

interface SearchBarProps {
  onSelectShip(mmsi: number): void;
  onSelectPort(locode: string): void;
  /** The clear button resets everything (selection, cards, results). */
  onReset(): void;
}

export function SearchBar({ onSelectShip, onSelectPort, onReset }: SearchBarProps) {
  const { t } = useTranslation('map');
  const [text, setText] = useState('');
  const [debounced, setDebounced] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const id = setTimeout(() => setDebounced(text), MAP_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [text]);

  const q = searchQueryFor(debounced, submitted);
  const ships = useShipSearchPages(q);
  const ports = useMapPortSearch(q);
  const loading = q !== '' && (ships.isFetching || ports.isFetching);

  const submit = () => {
    const v = text.trim();
    if (!v) return;
    setDebounced(text);
    setSubmitted(v);
    setOpen(true);
  };
  const reset = () => {
    setText('');
    setDebounced('');
    setSubmitted(null);
    setOpen(false);
    onReset();
  };

  const shipPages = ships.data?.pages ?? [];
  const shipResults = shipPages.flatMap((page) => page.results);
  // The header counts every match the server found, not only the pages loaded.
  const shipTotal = shipPages[0]?.total ?? shipResults.length;
  const portResults = ports.data ?? [];

  return (
    <ClickAwayListener onClickAway={() => setOpen(false)}>
      <Box sx={{ width: 360, maxWidth: 'calc(100vw - 88px)' }}>
        <Paper
          ref={anchor}
          elevation={3}
          component="form"
          role="search"
          onSubmit={(e: React.FormEvent) => {
            e.preventDefault();
            submit();
          }}
          sx={{ display: 'flex', alignItems: 'center', pl: 1.5, pr: 0.5 }}
        >
          <InputBase
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setSubmitted(null);
              setOpen(e.target.value.trim() !== '');
            }}
            onFocus={() => text.trim() && setOpen(true)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
              // The results sit in a portal: ArrowDown moves focus into them (then Tab/Shift+Tab between results).
              if (e.key === 'ArrowDown') {
                e.preventDefault();
                document.querySelector<HTMLElement>('[data-testid="search-results"] [role="button"]')?.focus();
              }
            }}
            placeholder={t('map:search.placeholder')}
            inputProps={{ 'aria-label': t('map:search.label') }}
            sx={{ flex: 1 }}
          />
          {loading && <CircularProgress size={18} aria-label={t('common:loading')} />}
          {text && (
            <IconButton aria-label={t('map:search.clear')} onClick={reset} size="small">
              <ClearIcon />
            </IconButton>
          )}
          <IconButton type="submit" aria-label={t('map:search.submit')} size="small">
            <SearchIcon />
          </IconButton>
        </Paper>
        <Popper open={open && q !== ''} anchorEl={anchor.current} placement="bottom-start" sx={{ zIndex: 1300, width: anchor.current?.offsetWidth }}>
          <Paper elevation={6} sx={{ mt: 0.5, maxHeight: '60vh', overflow: 'auto' }} data-testid="search-results">
            <ApiErrorAlert error={ships.error ?? ports.error} />
            <List dense subheader={<ListSubheader>{t('map:search.ports', { count: portResults.length })}</ListSubheader>}>
              {ports.isSuccess && portResults.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 2 }}>
                  {t('map:search.noPorts')}
                </Typography>
              )}
              {portResults.map((p) => (
                <ListItemButton
                  key={p.id}
                  onClick={() => {
                    setOpen(false);
                    onSelectPort(p.properties.locode);
                  }}
                >
                  <ListItemText primary={p.properties.name} secondary={p.properties.locode} />
                </ListItemButton>
              ))}
            </List>
            <List dense subheader={<ListSubheader>{t('vessels:search.ships', { count: shipTotal })}</ListSubheader>}>
              {ships.isSuccess && shipResults.length === 0 && (
                <Typography variant="body2" color="text.secondary" sx={{ px: 2, pb: 1 }}>
                  {t('vessels:search.noResults')}
                </Typography>
              )}
              {shipResults.map((s) => (
                <ListItemButton
                  key={s.mmsi}
                  onClick={() => {
                    setOpen(false);
                    onSelectShip(s.mmsi);
                  }}
                >
                  <ListItemText
                    primary={s.name ?? String(s.mmsi)}
                    secondary={`MMSI ${s.mmsi} · ${t(`vessels:aisShipType.${aisShipTypeLabel(s.shipType)}`)}${s.length ? ` · ${s.length} m` : ''}${s.flag ? ` · ${s.flag}` : ''}`}
                  />
                </ListItemButton>
              ))}
              {ships.hasNextPage && (
                <ListItemButton onClick={() => void ships.fetchNextPage()} disabled={ships.isFetchingNextPage} data-testid="search-more">
                  <ListItemText primary={t('vessels:search.more', { shown: shipResults.length, total: shipTotal })} sx={{ color: 'primary.main' }} />
                </ListItemButton>
              )}
            </List>
          </Paper>
        </Popper>
      </Box>
    </ClickAwayListener>
  );
}
