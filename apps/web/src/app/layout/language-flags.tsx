import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import type { Language } from '@harbor/contracts';
import { resolveLanguage } from '../../shared/i18n/language.ts';
import { switchLanguage } from '../../shared/i18n/i18n.ts';
import { BritishFlag, FinnishFlag } from './flags.tsx';

const FLAGS: { language: Language; Flag: typeof FinnishFlag }[] = [
  { language: 'en', Flag: BritishFlag },
  { language: 'fi', Flag: FinnishFlag },
];

/** en/fi flags; the choice lasts for this browser session. */
export function LanguageFlags() {
  const { t, i18n } = useTranslation();
  const current = resolveLanguage(i18n.language);
  return (
    <Stack direction="row" spacing={1} role="group" aria-label={t('common:language.choose')}>
      {FLAGS.map(({ language, Flag }) => (
        <Tooltip key={language} title={t(`common:language.${language}`)}>
          <IconButton
            onClick={() => void switchLanguage(i18n, language)}
            aria-label={t(`common:language.${language}`)}
            aria-pressed={current === language}
            sx={{
              borderRadius: 1,
              outline: current === language ? '2px solid' : 'none',
              outlineColor: 'primary.main',
            }}
          >
            <Flag />
          </IconButton>
        </Tooltip>
      ))}
    </Stack>
  );
}
