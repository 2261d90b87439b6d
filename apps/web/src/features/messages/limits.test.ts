import { describe, expect, it } from 'vitest';
import { ATTACHMENT_ACCEPT as A, ATTACHMENT_KINDS as K, ATTACHMENT_MAX_BYTES as B, MESSAGE_MAX as M, MESSAGES_POLL_MS as P } from '@harbor/contracts';
import { ATTACHMENT_ACCEPT, ATTACHMENT_KINDS, ATTACHMENT_MAX_BYTES, MESSAGE_MAX, MESSAGES_POLL_MS, attachmentRefusal } from './limits.ts';

describe('message and attachment limits', () => {
  it('are the contracts’ values', () => {
    expect([MESSAGE_MAX, MESSAGES_POLL_MS, ATTACHMENT_MAX_BYTES, [...ATTACHMENT_KINDS], ATTACHMENT_ACCEPT]).toEqual([M, P, B, [...K], A]);
  });

  it('refuses other extensions and files over 20 MB', () => {
    expect(attachmentRefusal({ name: 'Invoice.PDF', size: 20 * 1024 * 1024 })).toBeNull();
    expect(attachmentRefusal({ name: 'notes.txt', size: 0 })).toBeNull();
    expect(attachmentRefusal({ name: 'a.docx', size: 20 * 1024 * 1024 + 1 })).toBe('tooLarge');
    expect(attachmentRefusal({ name: 'photo.jpg', size: 10 })).toBe('wrongType');
    expect(attachmentRefusal({ name: 'pdf', size: 10 })).toBe('wrongType');
    expect(attachmentRefusal({ name: 'setup.pdf.exe', size: 10 })).toBe('wrongType');
  });
});
