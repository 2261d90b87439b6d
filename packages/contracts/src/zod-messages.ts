import { z } from 'zod';

/**
 * Zod's own messages are English sentences; ours are i18n keys of the
 * `validation` namespace, so the API's invalidParams and the web forms show
 * the same translated text. Explicit messages in a schema win over these.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid';
      case 'too_small':
        return issue.origin === 'string' && issue.minimum === 1 ? 'validation.required' : 'validation.tooSmall';
      case 'too_big':
        return issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig';
      case 'invalid_format':
        return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
      default:
        return 'validation.invalid';
    }
  },
});
