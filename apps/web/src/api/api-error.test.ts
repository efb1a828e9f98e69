import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';

describe(ApiError.name, () => {
  it('shows the server message followed by each distinct validation message once (spec §8)', () => {
    const sut = new ApiError(400, 'ข้อมูลไม่ถูกต้อง', [
      { field: 'hn', message: 'กรุณาระบุ HN' },
      { field: 'name', message: 'กรุณาระบุชื่อ' },
      { field: 'hn2', message: 'กรุณาระบุ HN' },
    ]);
    expect(sut.message).toBe('ข้อมูลไม่ถูกต้อง\nกรุณาระบุ HN\nกรุณาระบุชื่อ');
  });

  it('does not repeat a validation message that equals the server message', () => {
    const sut = new ApiError(400, 'กรุณาระบุ HN', [{ field: 'hn', message: 'กรุณาระบุ HN' }]);
    expect(sut.message).toBe('กรุณาระบุ HN');
  });

  it('has an empty message when the server said nothing, so the screen shows the generic text', () => {
    const sut = new ApiError(502, undefined);
    expect(sut.message).toBe('');
    expect(sut.isUnauthorized).toBe(false);
  });
});
