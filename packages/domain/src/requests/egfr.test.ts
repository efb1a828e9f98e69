import { describe, expect, it } from 'vitest';
import { egfrCkdEpi2021 } from './egfr';

describe(egfrCkdEpi2021.name, () => {
  // Values worked by hand from the published equation (and matching the NKF online calculator).
  it('gives the 2021 race-free estimate for men and women on both sides of kappa', () => {
    expect(egfrCkdEpi2021(1.0, 50, 'Male')).toBe(92);
    expect(egfrCkdEpi2021(0.8, 60, 'Female')).toBe(84);
    expect(egfrCkdEpi2021(0.6, 40, 'Female')).toBe(116);
    expect(egfrCkdEpi2021(2.5, 70, 'Male')).toBe(27);
  });
  it('falls as creatinine rises and as age rises', () => {
    expect(egfrCkdEpi2021(1.2, 50, 'Male')!).toBeLessThan(egfrCkdEpi2021(1.0, 50, 'Male')!);
    expect(egfrCkdEpi2021(1.0, 80, 'Male')!).toBeLessThan(egfrCkdEpi2021(1.0, 30, 'Male')!);
  });
  it('gives nothing without creatinine, for children, zero creatinine or unknown sex', () => {
    expect(egfrCkdEpi2021(null, 50, 'Male')).toBeNull();
    expect(egfrCkdEpi2021(1, 12, 'Male')).toBeNull();
    expect(egfrCkdEpi2021(0, 50, 'Male')).toBeNull();
    expect(egfrCkdEpi2021(1, 50, 'Unknown')).toBeNull();
  });
});
