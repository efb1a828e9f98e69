import { describe, expect, it } from 'vitest';
import { branchQuery, chosenBranch } from './accounting-branch';

const DATA = {
  branches: [
    { id: 1, name: 'สาขา 1', nameEn: 'B1' },
    { id: 2, name: 'สาขา 2', nameEn: 'B2' },
  ],
  defaultBranchId: 1,
};

describe('chosenBranch', () => {
  it('takes the branch the address names when it is one the user may work on', () => {
    expect(chosenBranch(DATA, '2')).toBe(2);
  });
  it('falls back to the default for a missing, foreign or malformed branch', () => {
    expect(chosenBranch(DATA, null)).toBe(1);
    expect(chosenBranch(DATA, '7')).toBe(1);
    expect(chosenBranch(DATA, '2abc')).toBe(1);
    expect(chosenBranch(undefined, '2')).toBeNull();
  });
});

describe('branchQuery', () => {
  it('names the branch, or nothing for the server default', () => {
    expect(branchQuery(3)).toBe('?branchId=3');
    expect(branchQuery(3, '&')).toBe('&branchId=3');
    expect(branchQuery(null)).toBe('');
  });
});
