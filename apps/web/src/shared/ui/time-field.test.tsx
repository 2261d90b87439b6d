import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { TimeField } from './time-field.tsx';
import type { TimeFieldProps } from './time-field.tsx';

afterEach(cleanup);

function Controlled({ initial = '', ...rest }: Omit<TimeFieldProps, 'value' | 'onChange'> & { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField label="Opens" value={value} onChange={setValue} {...rest} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: 'Opens' }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const valueShown = () => screen.getByTestId('value').textContent;

describe('<TimeField>', () => {
  it('shows and takes 24 h HH:MM, normalised on blur', () => {
    renderWithProviders(<Controlled initial="17:30" />);
    expect(input().value).toBe('17:30');
    expect(input().placeholder).toBe('HH:MM');
    type('730');
    expect(valueShown()).toBe('07:30');
    fireEvent.blur(input());
    expect(input().value).toBe('07:30');
  });

  it('keeps a wrong time, reports no value and says why after the blur', () => {
    renderWithProviders(<Controlled initial="08:00" />);
    type('7 PM');
    expect(valueShown()).toBe('');
    fireEvent.blur(input());
    expect(input().value).toBe('7 PM');
    expect(screen.getByText('Write it as HH:MM')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('with showProblem false only turns red, for a row that shows its own message', () => {
    renderWithProviders(<Controlled initial="08:00" showProblem={false} helperText="row" />);
    type('25:00');
    fireEvent.blur(input());
    expect(screen.queryByText('Write it as HH:MM')).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBe('true');
  });

  it('checks min and max', () => {
    renderWithProviders(<Controlled min="06:00" max="22:00" />);
    type('05:59');
    fireEvent.blur(input());
    expect(screen.getByText('Not before 06:00')).toBeTruthy();
    type('22:01');
    expect(screen.getByText('Not after 22:00')).toBeTruthy();
  });

  it('reads the same in Finnish', () => {
    renderWithProviders(<Controlled initial="07:05" />, { language: 'fi' });
    expect(input().value).toBe('07:05');
    expect(input().placeholder).toBe('TT:MM');
  });
});
