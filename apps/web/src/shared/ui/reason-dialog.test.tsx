import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test-utils.tsx';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog.tsx';

afterEach(cleanup);

const props = (over: Partial<ReasonDialogProps> = {}): ReasonDialogProps => ({
  open: true,
  id: 'ban',
  inputId: 'ban-reason',
  title: 'Ban user',
  text: 'Ban Anna?',
  label: 'Reason',
  required: true,
  requiredText: 'Write a reason',
  maxLength: 20,
  confirmLabel: 'Ban',
  confirmColor: 'error',
  busy: false,
  error: null,
  onCancel: vi.fn(),
  onConfirm: vi.fn(),
  ...over,
});

describe('<ReasonDialog>', () => {
  it('names the dialog by its title and text, and marks an empty required reason instead of confirming', () => {
    const p = props();
    renderWithProviders(<ReasonDialog {...p} />);
    const dialog = screen.getByRole('dialog', { name: 'Ban user' });
    expect(dialog.getAttribute('aria-describedby')).toBe('ban-text');
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(p.onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText('Write a reason')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /Reason/ }).getAttribute('aria-invalid')).toBe('true');
  });

  it('confirms the reason trimmed, limits its length, and is not dismissed while busy', () => {
    const p = props();
    const { rerender } = renderWithProviders(<ReasonDialog {...p} />);
    const input = screen.getByRole('textbox', { name: /Reason/ });
    expect(input.getAttribute('maxlength')).toBe('20');
    fireEvent.change(input, { target: { value: '  spam  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(p.onConfirm).toHaveBeenCalledWith('spam');
    rerender(<ReasonDialog {...p} busy />);
    expect(screen.getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(true);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(p.onCancel).not.toHaveBeenCalled();
  });

  it('confirms an optional reason left empty', () => {
    const p = props({ required: false });
    renderWithProviders(<ReasonDialog {...p} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(p.onConfirm).toHaveBeenCalledWith('');
  });
});
