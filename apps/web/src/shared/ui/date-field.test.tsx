import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { DateField, DateTimeField } from './date-field.tsx';
import type { DateFieldProps } from './date-field.tsx';
import { FormDateField } from './form-date-fields.tsx';

afterEach(cleanup);

/** The field under a parent that keeps its value, as the pages do; every reported value is recorded. */
function Controlled({ initial = '', onValue, kind = 'date', ...rest }: Omit<DateFieldProps, 'value' | 'onChange'> & { initial?: string; onValue?: (v: string) => void; kind?: 'date' | 'dateTime' }) {
  const [value, setValue] = useState(initial);
  const change = (v: string) => {
    onValue?.(v);
    setValue(v);
  };
  const Field = kind === 'date' ? DateField : DateTimeField;
  return (
    <>
      <Field label="Start date" value={value} onChange={change} {...rest} />
      <output data-testid="value">{value}</output>
    </>
  );
}

const input = () => screen.getByRole('textbox', { name: /Start date/ }) as HTMLInputElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const valueShown = () => screen.getByTestId('value').textContent;
// The calendar's chunk (MUI X, dayjs) loads on the first press: give it time on a busy machine.
const LOAD = { timeout: 10_000 };
const SLOW = 20_000;

describe('<DateField>', () => {
  it('shows its value as DD.MM.YYYY with the format as placeholder', () => {
    renderWithProviders(<Controlled initial="2026-03-05" />);
    expect(input().value).toBe('05.03.2026');
    expect(input().placeholder).toBe('DD.MM.YYYY');
    expect(input().type).toBe('text');
  });

  it('reports the ISO date as soon as the text reads as one and normalises the text on blur', () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled onValue={onValue} />);
    type('5.3.2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-03-05');
    // Typing is not rewritten under the caret.
    expect(input().value).toBe('5.3.2026');
    fireEvent.blur(input());
    expect(input().value).toBe('05.03.2026');
    type('');
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('takes the digits alone', () => {
    renderWithProviders(<Controlled />);
    type('05032026');
    expect(valueShown()).toBe('2026-03-05');
    fireEvent.blur(input());
    expect(input().value).toBe('05.03.2026');
  });

  it('keeps text that is no date, reports no value, and says so from the blur on', () => {
    renderWithProviders(<Controlled initial="2026-03-05" helperText="When the work starts" />);
    type('31.02.2026');
    expect(valueShown()).toBe('');
    // No scolding while typing.
    expect(screen.getByText('When the work starts')).toBeTruthy();
    fireEvent.blur(input());
    expect(input().value).toBe('31.02.2026');
    expect(screen.getByText('Write it as DD.MM.YYYY')).toBeTruthy();
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(input().validity.valid).toBe(false);
    type('28.02.2026');
    expect(valueShown()).toBe('2026-02-28');
    expect(screen.queryByText('Write it as DD.MM.YYYY')).toBeNull();
    expect(input().validity.valid).toBe(true);
  });

  it('says when a date is outside min and max, in DD.MM.YYYY', () => {
    renderWithProviders(<Controlled min="2026-03-10" max="2026-03-20" />);
    type('05.03.2026');
    fireEvent.blur(input());
    expect(screen.getByText('Not before 10.03.2026')).toBeTruthy();
    type('21.03.2026');
    expect(screen.getByText('Not after 20.03.2026')).toBeTruthy();
    type('15.03.2026');
    expect(screen.queryByText(/Not (before|after)/)).toBeNull();
    expect(valueShown()).toBe('2026-03-15');
  });

  it('follows a value set from outside', () => {
    function Resettable() {
      const [value, setValue] = useState('2026-03-05');
      return (
        <>
          <DateField label="Start date" value={value} onChange={setValue} />
          <button type="button" onClick={() => setValue('')}>clear</button>
          <button type="button" onClick={() => setValue('2027-01-02')}>set</button>
        </>
      );
    }
    renderWithProviders(<Resettable />);
    fireEvent.click(screen.getByText('set'));
    expect(input().value).toBe('02.01.2027');
    fireEvent.click(screen.getByText('clear'));
    expect(input().value).toBe('');
  });

  it('keeps a form from submitting while its text is no date, as the browser’s date input does', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <Controlled />
      </form>,
    );
    type('5.13.2026');
    const form = input().form!;
    let valid = true;
    let bubble = true;
    input().addEventListener('invalid', (e) => queueMicrotask(() => (bubble = !e.defaultPrevented)));
    input().blur();
    act(() => {
      valid = form.checkValidity();
    });
    await Promise.resolve();
    expect(valid).toBe(false);
    // The browser's bubble is cancelled; the field says it itself and takes the focus.
    expect(bubble).toBe(false);
    expect(document.activeElement).toBe(input());
    // A refused submit shows the message at once.
    expect(screen.getByText('Write it as DD.MM.YYYY')).toBeTruthy();
    type('5.12.2026');
    expect(form.checkValidity()).toBe(true);
  });

  it('opens a calendar, loaded on demand, whose week starts on Sunday (spec: first day of week 0); a picked day fills the field', async () => {
    renderWithProviders(<Controlled initial="2026-03-05" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date: Start date' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start date' }, LOAD);
    expect(within(dialog).getByText('March 2026')).toBeTruthy();
    const headers = within(dialog).getAllByRole('columnheader');
    expect(headers[0]!.getAttribute('aria-label')).toMatch(/^Sunday$/i);
    expect(within(dialog).getByRole('gridcell', { name: '5' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(within(dialog).getByRole('gridcell', { name: '20' }));
    expect(valueShown()).toBe('2026-03-20');
    expect(input().value).toBe('20.03.2026');
    await waitFor(() => expect(document.activeElement).toBe(input()), LOAD);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
  }, SLOW);

  it('closes the calendar on Escape and gives the focus back to the field', async () => {
    renderWithProviders(<Controlled initial="2026-03-05" />);
    fireEvent.click(screen.getByRole('button', { name: 'Choose a date: Start date' }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true), LOAD);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(input()), LOAD);
    expect(valueShown()).toBe('2026-03-05');
  }, SLOW);

  it('offers no day outside min and max in the calendar', async () => {
    renderWithProviders(<Controlled initial="2026-03-15" min="2026-03-10" max="2026-03-20" />);
    fireEvent.click(screen.getByRole('button', { name: /Choose a date/ }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect((within(dialog).getByRole('gridcell', { name: '9' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('gridcell', { name: '21' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(dialog).getByRole('gridcell', { name: '10' }) as HTMLButtonElement).disabled).toBe(false);
  }, SLOW);

  it('speaks Finnish in Finnish, with the same DD.MM.YYYY and Sunday first', async () => {
    renderWithProviders(<Controlled initial="2026-03-05" />, { language: 'fi' });
    expect(input().value).toBe('05.03.2026');
    expect(input().placeholder).toBe('PP.KK.VVVV');
    type('x');
    fireEvent.blur(input());
    expect(screen.getByText('Kirjoita muodossa PP.KK.VVVV')).toBeTruthy();
    type('05.03.2026');
    fireEvent.click(screen.getByRole('button', { name: 'Valitse päivämäärä: Start date' }));
    const dialog = await screen.findByRole('dialog', {}, LOAD);
    expect(within(dialog).getByText(/maaliskuu 2026/i)).toBeTruthy();
    expect(within(dialog).getAllByRole('columnheader')[0]!.getAttribute('aria-label')).toMatch(/^sunnuntai$/i);
  }, SLOW);
});

describe('<DateTimeField>', () => {
  it('reads and shows DD.MM.YYYY HH:MM, 24 h, with the datetime-local value shape', () => {
    renderWithProviders(<Controlled kind="dateTime" initial="2026-03-05T17:45" />);
    expect(input().value).toBe('05.03.2026 17:45');
    type('6.3.2026 9.30');
    expect(valueShown()).toBe('2026-03-06T09:30');
    fireEvent.blur(input());
    expect(input().value).toBe('06.03.2026 09:30');
    type('06.03.2026');
    fireEvent.blur(input());
    expect(valueShown()).toBe('');
    expect(screen.getByText('Write it as DD.MM.YYYY HH:MM')).toBeTruthy();
  });

  it('compares with a date-time min', () => {
    renderWithProviders(<Controlled kind="dateTime" min="2026-03-05T12:00" />);
    type('05.03.2026 11:59');
    fireEvent.blur(input());
    expect(screen.getByText('Not before 05.03.2026 12:00')).toBeTruthy();
  });

  it('keeps the time when a day is picked, and moves it to min on min’s own day', async () => {
    renderWithProviders(<Controlled kind="dateTime" initial="2026-03-10T08:15" min="2026-03-05T12:00" />);
    fireEvent.click(screen.getByRole('button', { name: /Choose a date/ }));
    let dialog = await screen.findByRole('dialog', {}, LOAD);
    fireEvent.click(within(dialog).getByRole('gridcell', { name: '12' }));
    expect(valueShown()).toBe('2026-03-12T08:15');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), LOAD);
    fireEvent.click(screen.getByRole('button', { name: /Choose a date/ }));
    dialog = await screen.findByRole('dialog', {}, LOAD);
    fireEvent.click(within(dialog).getByRole('gridcell', { name: '5' }));
    expect(valueShown()).toBe('2026-03-05T12:00');
  }, SLOW);
});

describe('<FormDateField>', () => {
  it('binds to react-hook-form: the form’s value is the ISO date', async () => {
    const onValid = vi.fn();
    function Form() {
      const { control, handleSubmit } = useForm<{ from: string }>({ defaultValues: { from: '2026-03-05' }, mode: 'onTouched' });
      return (
        <form onSubmit={handleSubmit(onValid)} noValidate>
          <FormDateField control={control} name="from" label="Start date" />
          <button type="submit">save</button>
        </form>
      );
    }
    renderWithProviders(<Form />);
    expect(input().value).toBe('05.03.2026');
    type('7.4.2026');
    await act(async () => fireEvent.click(screen.getByText('save')));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid.mock.calls[0]![0]).toEqual({ from: '2026-04-07' });
  });
});
