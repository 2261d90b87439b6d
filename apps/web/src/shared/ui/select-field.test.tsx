import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { SelectField } from './select-field.tsx';

afterEach(cleanup);

const options = [
  { value: '', label: 'Any port' },
  { value: 'FIVSS', label: 'Vuosaari (FIVSS)' },
  { value: 'FITKU', label: 'Turku (FITKU)' },
];

describe('<SelectField>', () => {
  it('is MUI’s select, labelled and described, and reports the chosen option', async () => {
    const onChange = vi.fn();
    renderWithProviders(<SelectField id="port" label="Port" value="FIVSS" options={options} onChange={onChange} helperText="Where" />);
    const select = screen.getByRole('combobox', { name: 'Port' });
    expect(select.textContent).toBe('Vuosaari (FIVSS)');
    expect(screen.getByText('Where')).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.mouseDown(select);
    const listbox = await screen.findByRole('listbox');
    expect(listbox.querySelectorAll('[role="option"]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('option', { name: 'Turku (FITKU)' }));
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(1));
    expect(onChange.mock.calls[0]![0].target.value).toBe('FITKU');
  });

  it('shows the empty option’s text only with displayEmpty', () => {
    renderWithProviders(<SelectField id="a" label="A" value="" options={options} displayEmpty />);
    expect(screen.getByRole('combobox', { name: 'A' }).textContent).toBe('Any port');
  });
});
