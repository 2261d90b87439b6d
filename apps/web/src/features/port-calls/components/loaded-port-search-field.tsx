import Autocomplete from '@mui/material/Autocomplete';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { portOptionLabel, readPlainField, type PortSearchFieldViewProps } from './port-search-shared.ts';

/**
 * The port search once its code is here: MUI's Autocomplete (loaded lazily by
 * port-search-field.tsx). It takes over the plain field's text, caret, focus
 * and open list, so nothing the reader did before it arrived is lost.
 */
export default function LoadedPortSearchField({ id, label, placeholder, options, selected, loading, texts, onType, onChoose, carry }: PortSearchFieldViewProps) {
  // Preact removes the plain field before this renders, so it leaves its state behind as it goes (React removes it after).
  const [start] = useState(() => carry.left ?? readPlainField(carry));
  const [inputValue, setInputValue] = useState(() => start?.text ?? portOptionLabel(selected));
  const [open, setOpen] = useState(() => start?.open ?? false);
  const inputRef = useRef<HTMLInputElement | HTMLTextAreaElement | null>(null);
  // Until the first effects have run: Autocomplete's mount effect puts the chosen port's text back, the carried text stays instead.
  const keepCarried = useRef(start !== null);
  useLayoutEffect(() => {
    const input = inputRef.current;
    if (!start || !input) return;
    input.focus();
    input.setSelectionRange(...start.selection);
  }, [start]);
  useEffect(() => {
    keepCarried.current = false;
  }, []);
  return (
    <Autocomplete
      id={id}
      size="small"
      sx={{ minWidth: 280 }}
      options={options}
      value={selected}
      inputValue={inputValue}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      loading={loading}
      openText={texts.open}
      closeText={texts.close}
      loadingText={texts.loading}
      noOptionsText={texts.noOptions}
      getOptionLabel={portOptionLabel}
      isOptionEqualToValue={(a, b) => a.code === b.code}
      filterOptions={(list, state) => {
        const q = state.inputValue.trim().toLowerCase();
        return q ? list.filter((p) => p.name.toLowerCase().includes(q) || p.code.toLowerCase().includes(q)) : list;
      }}
      onInputChange={(e, text, reason) => {
        if (reason === 'reset' && e === null && keepCarried.current) return;
        setInputValue(text);
        if (reason === 'input') onType(text);
      }}
      onChange={(_e, p) => p && onChoose(p.code)}
      disableClearable
      renderInput={(params) => <TextInput {...params} inputRef={inputRef} label={label} placeholder={placeholder} />}
    />
  );
}
