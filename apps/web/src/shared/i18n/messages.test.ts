import { describe, expect, it } from 'vitest';
import { resources } from '@harbor/i18n';
import { initI18n } from './i18n.ts';
import { translateMessage } from './messages.ts';

describe('translateMessage', () => {
  it('turns the schema key validation.required into validation:required', () => {
    const { t } = initI18n('fi', resources);
    expect(translateMessage(t, 'validation.required')).toBe('Tämä kenttä on pakollinen.');
    expect(translateMessage(t, 'errors.email-taken')).toBe('Sähköpostiosoite on jo käytössä.');
  });

  it('translates a module rule written ns:key as it is', () => {
    const { t } = initI18n('en', resources);
    expect(translateMessage(t, 'listings:validation.closingBeforeOpening')).toBe('The closing time must be after the opening time.');
    expect(translateMessage(t, 'nosuchns:validation.x')).toBe('This value is invalid.');
  });

  it('shows the generic text for anything that is not a key', () => {
    const { t } = initI18n('en', resources);
    expect(translateMessage(t, 'Invalid input: expected string')).toBe('This value is invalid.');
    expect(translateMessage(t, undefined)).toBe('');
  });
});
