import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MESSAGES, attachmentProblem, formatFileSize } from './attachment-check';

describe(attachmentProblem.name, () => {
  it('takes JPEG, PNG and PDF up to 10 MB', () => {
    expect(attachmentProblem({ name: 'slip.jpg', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(attachmentProblem({ name: 'slip.png', type: 'image/png', size: 10 * 1024 * 1024 })).toBeNull();
    expect(attachmentProblem({ name: 'bill.pdf', type: 'application/pdf', size: 1 })).toBeNull();
    expect(attachmentProblem({ name: 'bill.PDF', type: '', size: 1 })).toBeNull();
  });
  it('refuses other types and files over 10 MB', () => {
    expect(attachmentProblem({ name: 'a.exe', type: 'application/x-msdownload', size: 10 })).toBe(
      ATTACHMENT_MESSAGES.type,
    );
    expect(attachmentProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(ATTACHMENT_MESSAGES.type);
    expect(attachmentProblem({ name: 'a.txt', type: '', size: 10 })).toBe(ATTACHMENT_MESSAGES.type);
    expect(attachmentProblem({ name: 'big.pdf', type: 'application/pdf', size: 10 * 1024 * 1024 + 1 })).toBe(
      ATTACHMENT_MESSAGES.size,
    );
    expect(attachmentProblem({ name: 'empty.png', type: 'image/png', size: 0 })).toBe(ATTACHMENT_MESSAGES.empty);
  });
});

describe(formatFileSize.name, () => {
  it.each([
    [512, '512 B'],
    [2048, '2.0 KB'],
    [1536 * 1024, '1.5 MB'],
  ])('%i bytes → %s', (bytes, text) => expect(formatFileSize(bytes)).toBe(text));
});
