import InputAdornment from '@mui/material/InputAdornment';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { TextInput } from './text-input.tsx';

afterEach(cleanup);

describe('<TextInput>', () => {
  it('labels the input and describes it with the helper text', () => {
    renderWithProviders(<TextInput id="email" label="E-mail" helperText="We never share it" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('E-mail');
    expect(input.tagName).toBe('INPUT');
    expect(input.id).toBe('email');
    expect(document.getElementById('email-label')?.getAttribute('for')).toBe('email');
    expect(input.getAttribute('aria-describedby')).toBe('email-helper-text');
    expect(document.getElementById('email-helper-text')?.textContent).toBe('We never share it');
    expect(input.getAttribute('aria-invalid')).toBe('false');
    // The outline's notch is sized by the label text.
    expect(document.querySelector('fieldset legend')?.textContent).toBe('E-mail');
  });

  it('puts inputMode on the input, where a phone reads it for its keyboard', () => {
    renderWithProviders(<TextInput label="Price" inputMode="decimal" slotProps={{ htmlInput: { 'data-x': '1' } }} />);
    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input.getAttribute('inputmode')).toBe('decimal');
    expect(input.getAttribute('data-x')).toBe('1');
  });

  it('generates an id when given none and leaves aria-describedby out without helper text', () => {
    renderWithProviders(<TextInput label="Name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.id).not.toBe('');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('marks errors and required fields', () => {
    renderWithProviders(<TextInput id="city" label="City" helperText="Required" error required />);
    const input = screen.getByRole('textbox', { name: /City/ });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.hasAttribute('required')).toBe(true);
    expect(document.getElementById('city-label')?.textContent).toContain('*');
    expect(document.getElementById('city-label')?.className).toContain('Mui-error');
    expect(document.getElementById('city-helper-text')?.className).toContain('Mui-error');
  });

  it('passes type, input slots, adornments and change events through', () => {
    const onChange = vi.fn();
    renderWithProviders(
      <TextInput
        label="Quantity"
        type="number"
        value="1"
        onChange={onChange}
        slotProps={{ htmlInput: { min: 0, step: 'any' }, input: { endAdornment: <InputAdornment position="end">kg</InputAdornment> } }}
      />,
    );
    const input = screen.getByRole('spinbutton', { name: 'Quantity' });
    expect(input.getAttribute('min')).toBe('0');
    expect(input.getAttribute('step')).toBe('any');
    expect(screen.getByText('kg')).toBeTruthy();
    // Typing fires input events; React's onChange is an input listener (as in React).
    fireEvent.input(input, { target: { value: '2' } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('renders a textarea when multiline', () => {
    renderWithProviders(<TextInput label="Notes" multiline minRows={3} disabled />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.hasAttribute('disabled')).toBe(true);
  });

  it('is not a select', () => {
    // @ts-expect-error -- selects are FormSelectField or MUI's TextField with `select`.
    const field = <TextInput label="Port" select />;
    expect(field).toBeTruthy();
  });
});
