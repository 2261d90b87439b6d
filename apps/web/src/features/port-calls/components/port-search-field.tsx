import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_PORTS, type PortOption } from '../../../shared/ports/ports.ts';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { usePortSearch } from '../api/use-port-search.ts';
import { portOptionLabel, readPlainField, type PortSearchCarry, type PortSearchFieldViewProps } from './port-search-shared.ts';

/** Search debounce (tracking.md section 9). */
const DEBOUNCE_MS = 500;

const LoadedPortSearchField = lazy(() => import('./loaded-port-search-field.tsx'));

interface Props {
  value: string;
  onChange: (code: string) => void;
}

/**
 * The main ports at hand; any other port by name or locode through the zones
 * search. An Autocomplete whose code (Autocomplete, Popper, Chip: about 20 KB
 * gzip) loads right after the page's first render; until then a plain field
 * that looks the same stands in, and what the reader types, the caret, the
 * focus and an opened list carry over to the Autocomplete when it arrives.
 */
export function PortSearchField({ value, onChange }: Props) {
  const { t } = useTranslation('port-calls');
  const [input, setInput] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQuery(input), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const search = usePortSearch(query);
  const options = useMemo(() => {
    const found = search.data ?? [];
    const seen = new Set(found.map((p) => p.code));
    return [...found, ...MAIN_PORTS.filter((p) => !seen.has(p.code))];
  }, [search.data]);
  // Stable while the value and options stand: a new object on every render made the Autocomplete reset the typed text.
  const selected: PortOption = useMemo(() => options.find((p) => p.code === value) ?? { code: value, name: value }, [options, value]);
  // One id for both forms, so the label and the input keep theirs over the swap.
  const id = useId();
  const carry = useRef<PortSearchCarry>({ input: null, open: false, left: null });
  const field: PortSearchFieldViewProps = {
    id,
    label: t('port'),
    placeholder: t('searchPort'),
    texts: { open: t('searchList.open'), close: t('searchList.close'), loading: t('common:loading'), noOptions: t('searchList.noOptions') },
    options,
    selected,
    loading: search.isFetching,
    onType: setInput,
    onChoose: onChange,
    carry: carry.current,
  };
  return (
    <Suspense fallback={<PlainPortSearchField {...field} />}>
      <LoadedPortSearchField {...field} />
    </Suspense>
  );
}

/** Autocomplete's small outlined layout: the input's padding, room for the arrow at the end. */
const INPUT_ROOT_SX = {
  pt: '6px',
  pb: '6px',
  pl: '6px',
  pr: '39px',
  '& .MuiInputBase-input': { p: '2.5px 4px 2.5px 8px', width: 0, minWidth: 30, flexGrow: 1, textOverflow: 'ellipsis' },
};

/**
 * The port search as drawn before the Autocomplete's code is here: the same
 * outlined field with the chosen port and the arrow, a combobox that is still
 * closed. It keeps the reader's typing (which already starts the search) and
 * notes whether they opened the list.
 */
function PlainPortSearchField({ id, label, placeholder, selected, texts, onType, carry }: PortSearchFieldViewProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? portOptionLabel(selected);
  // As the Autocomplete: the first click into the field selects its text, so typing replaces it.
  const firstClick = useRef(true);
  const focusInput = () => carry.input?.focus();
  // As it goes (its input still in the page), the field leaves the reader's text, caret and focus for the Autocomplete.
  useLayoutEffect(
    () => () => {
      carry.left = readPlainField(carry);
    },
    [carry],
  );
  return (
    <Box sx={{ minWidth: 280 }}>
      <TextInput
        id={id}
        size="small"
        fullWidth
        label={label}
        placeholder={placeholder}
        value={text}
        autoComplete="off"
        inputRef={(el) => {
          carry.input = el;
        }}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          onType(next);
          if (next !== '') carry.open = true;
        }}
        onFocus={() => (firstClick.current = true)}
        onBlur={() => {
          // The Autocomplete puts the chosen port back and closes its list when the reader leaves.
          setDraft(null);
          carry.open = false;
        }}
        slotProps={{
          input: {
            sx: INPUT_ROOT_SX,
            endAdornment: (
              <Box sx={{ position: 'absolute', right: 9, top: '50%', transform: 'translate(0, -50%)' }}>
                <IconButton
                  tabIndex={-1}
                  aria-label={texts.open}
                  title={texts.open}
                  sx={{ p: '2px', mr: '-2px' }}
                  onMouseDown={(e: MouseEvent) => e.preventDefault()}
                  onClick={() => {
                    carry.open = !carry.open;
                    focusInput();
                  }}
                >
                  <ArrowDropDown />
                </IconButton>
              </Box>
            ),
          },
          htmlInput: {
            role: 'combobox',
            'aria-autocomplete': 'list',
            'aria-expanded': false,
            autoCapitalize: 'none',
            spellCheck: 'false',
            onMouseDown: (e: MouseEvent) => {
              if (e.button === 0 && (!carry.open || text === '')) carry.open = !carry.open;
            },
            onClick: (e: MouseEvent<HTMLInputElement>) => {
              const el = e.currentTarget;
              if (firstClick.current && el.selectionStart === el.selectionEnd) el.select();
              firstClick.current = false;
            },
            onKeyDown: (e: KeyboardEvent) => {
              if (e.key === 'ArrowDown' || e.key === 'ArrowUp') carry.open = true;
              if (e.key === 'Escape') carry.open = false;
            },
          },
        }}
      />
    </Box>
  );
}
