import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from './permission-codes';
import { effectivePermissions, ROLE_DEFAULTS, ROLE_NAMES } from './roles';
import { menuFor, visibleMenuItems } from './menu';

describe(effectivePermissions.name, () => {
  it('adds and removes per-user flags on top of the role defaults', () => {
    const sut = effectivePermissions('Doctor', ['EXAM_REPORT_APPROVE'], ['EXAM_DOCUMENT']);
    expect(sut).toContain('EXAM_REPORT_APPROVE');
    expect(sut).not.toContain('EXAM_DOCUMENT');
    expect(sut).toContain('EXAM_REPORT');
  });

  it('gives every role only real permission codes and a scope', () => {
    for (const role of ROLE_NAMES) {
      for (const p of ROLE_DEFAULTS[role].permissions) expect(PERMISSION_CODES).toContain(p);
      expect(['all', 'branch', 'hospital', 'assigned']).toContain(ROLE_DEFAULTS[role].scope);
    }
  });

  it('scopes Doctors to assigned exams and Hospital users to their hospital', () => {
    expect(ROLE_DEFAULTS.Doctor.scope).toBe('assigned');
    expect(ROLE_DEFAULTS.Hospital.scope).toBe('hospital');
    expect(ROLE_DEFAULTS.HospitalDoctor.scope).toBe('hospital');
    expect(ROLE_DEFAULTS.Administrator.scope).toBe('all');
  });
});

describe(menuFor.name, () => {
  it('shows the accounting item for any MENU_ACCOUNTING_ page flag', () => {
    expect(menuFor(new Set(['MENU_ACCOUNTING_COST'])).map((m) => m.code)).toEqual(['accounting']);
    expect(menuFor(new Set(['MENU_PACS'])).map((m) => m.code)).toEqual(['pacs']);
  });

  it('drops accounting_ items from what the menu shows (spec §1)', () => {
    const items = [
      { permissionCode: 'pacs' },
      { permissionCode: 'accounting_report' },
      { permissionCode: 'accounting' },
    ];
    expect(visibleMenuItems(items).map((i) => i.permissionCode)).toEqual(['pacs', 'accounting']);
  });
});
