import { cleanup, fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { closedSelectText, SelectField } from './select-field.tsx';

afterEach(cleanup);

const options = [
  { value: '', label: 'Any port' },
  { value: 'FIVSS', label: 'Vuosaari (FIVSS)' },
  { value: 'FITKU', label: 'Turku (FITKU)' },
];

describe('closedSelectText', () => {
  it('shows the chosen options, the empty one only with displayEmpty, or renderValue', () => {
    expect(closedSelectText({ value: 'FITKU', options })).toBe('Turku (FITKU)');
    expect(closedSelectText({ value: '', options })).toBe('');
    expect(closedSelectText({ value: '', options, displayEmpty: true })).toBe('Any port');
    expect(closedSelectText({ value: ['FIVSS', 'FITKU'], options, multiple: true })).toBe('Vuosaari (FIVSS), Turku (FITKU)');
    expect(closedSelectText({ value: ['FIVSS'], options, renderValue: (v) => `${v.length} chosen` })).toBe('1 chosen');
  });
});

// The select's code loads once per test file: the first test sees the closed field, later ones MUI's select.
describe('<SelectField>', () => {
  it('draws the closed field first; a click before the code arrives opens the menu once it is there', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SelectField id="port" label="Port" value="FIVSS" options={options} onChange={onChange} helperText="Where" />);
    // Before the select's code is here: a read-only field with the same label and text.
    const closed = screen.getByLabelText('Port') as HTMLInputElement;
    expect(closed.readOnly).toBe(true);
    expect(closed.value).toBe('Vuosaari (FIVSS)');
    fireEvent.mouseDown(closed);
    const listbox = await screen.findByRole('listbox', {}, { timeout: 5000 });
    expect(listbox.querySelectorAll('[role="option"]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('option', { name: 'Turku (FITKU)' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0].target.value).toBe('FITKU');
  });

  it('is MUI’s select, labelled and described, once loaded', async () => {
    renderWithProviders(<SelectField id="port2" label="Port" value="FITKU" options={options} helperText="Where" />);
    const select = await screen.findByRole('combobox', { name: 'Port' });
    expect(select.textContent).toBe('Turku (FITKU)');
    expect(screen.getByText('Where')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});
