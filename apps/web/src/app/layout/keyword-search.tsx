import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Paper from '@mui/material/Paper';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { keywordSearchPath } from '../../shared/search-url.ts';
import { useSelectedPort } from '../../shared/ports/selected-port.ts';

/** Keyword search of the marketplace in the chosen port; empty text does nothing (search text is required). */
export function KeywordSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const port = useSelectedPort();
  const [keywords, setKeywords] = useState('');
  return (
    <Paper
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (keywords.trim()) void navigate(keywordSearchPath(keywords, port));
      }}
      sx={{ display: 'flex', alignItems: 'center', pl: 1.5, flex: '2 1 240px', minWidth: 160, maxWidth: 440 }}
    >
      <InputBase
        value={keywords}
        onChange={(e) => setKeywords(e.target.value)}
        placeholder={t('common:topBar.searchPlaceholder')}
        slotProps={{ input: { 'aria-label': t('common:topBar.searchLabel') } }}
        sx={{ flex: 1 }}
      />
      <IconButton type="submit" aria-label={t('common:topBar.searchSubmit')}>
        <SearchIcon />
      </IconButton>
    </Paper>
  );
}
