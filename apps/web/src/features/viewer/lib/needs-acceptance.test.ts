import { describe, expect, it } from 'vitest';
import { needsAcceptance } from './needs-acceptance';

describe('acceptance before viewing (spec §4)', () => {
  const doctor = { roleName: 'Doctor', userId: 'd1' };
  it('asks the reviewer of an Assigned exam only', () => {
    expect(needsAcceptance({ status: 'Assigned', reviewerId: 'd1' }, doctor)).toBe(true);
    expect(needsAcceptance({ status: 'Accepted', reviewerId: 'd1' }, doctor)).toBe(false);
    expect(needsAcceptance({ status: 'Assigned', reviewerId: 'd2' }, doctor)).toBe(false);
    expect(needsAcceptance({ status: 'Assigned', reviewerId: 'd1' }, { roleName: 'Staff', userId: 'd1' })).toBe(false);
  });
});
