import { describe, expect, it } from 'vitest';
import { needsAcceptance } from './acceptance';

describe('needsAcceptance', () => {
  const doctor = { isDoctor: true, userId: 'd1' };
  it('asks the reviewing doctor of an Assigned exam only', () => {
    expect(needsAcceptance({ status: 'Assigned', reviewerId: 'd1' }, doctor)).toBe(true);
    expect(needsAcceptance({ status: 'Accepted', reviewerId: 'd1' }, doctor)).toBe(false);
    expect(needsAcceptance({ status: 'Assigned', reviewerId: 'd2' }, doctor)).toBe(false);
    expect(needsAcceptance({ status: 'Assigned', reviewerId: null }, doctor)).toBe(false);
    expect(needsAcceptance({ status: 'Assigned', reviewerId: 'd1' }, { isDoctor: false, userId: 'd1' })).toBe(false);
  });
});
