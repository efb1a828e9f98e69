// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ROLE_DEFAULTS, type RoleName } from '@rangsi/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import type { WorklistActions } from '../hooks/use-worklist-dialogs';
import { worklistCapabilities } from '../lib/worklist-capabilities';
import { examFixture } from '../testing/exam-fixture';
import { RowActionsMenu } from './row-actions-menu';

const DOCTOR = '00000000-0000-4000-8000-0000000000d1';

function actions(helpers = { cd: true, radiant: true }): WorklistActions {
  return { open: vi.fn(), openViewer: vi.fn(), openReport: vi.fn(), unzip: vi.fn(), openImageDialog: vi.fn(), helpers };
}

/** Opens the row's menu as `role` and answers the action ids it offers, in order. */
function offered(role: RoleName, exam = examFixture(), userId = DOCTOR, acts = actions()): string[] {
  const can = worklistCapabilities({ userId, roleName: role, permissions: ROLE_DEFAULTS[role].permissions });
  render(<RowActionsMenu exam={exam} can={can} actions={acts} />);
  fireEvent.click(screen.getByTestId('row-actions'));
  return screen.queryAllByTestId(/^action-/).map((item) => item.dataset.testid!.slice('action-'.length));
}

describe('RowActionsMenu (spec §4, §6: only what the role and the exam allow)', () => {
  afterEach(cleanup);

  it('offers staff assignment, editing and history, and no doctor actions', () => {
    const ids = offered('Staff');
    expect(ids).toEqual(expect.arrayContaining(['assign', 'edit', 'history']));
    expect(ids).not.toContain('accept');
    expect(ids).not.toContain('reject');
  });

  it('offers the assigned doctor accept and reject, and another doctor neither', () => {
    const assigned = examFixture({ status: 'Assigned', reviewerId: DOCTOR });
    expect(offered('Doctor', assigned)).toEqual(expect.arrayContaining(['accept', 'reject']));
    cleanup();
    const other = offered('Doctor', assigned, '00000000-0000-4000-8000-0000000000d2');
    expect(other).not.toContain('accept');
    expect(other).not.toContain('reject');
  });

  it('offers no assignment of a finished exam, and deletion only of an exam without an accession number', () => {
    expect(offered('Administrator', examFixture({ status: 'Completed' }))).not.toContain('assign');
    cleanup();
    expect(offered('Administrator', examFixture())).not.toContain('delete');
    cleanup();
    expect(offered('Administrator', examFixture({ accessionNumber: null }))).toContain('delete');
  });

  it('offers unzip instead of DICOM import for archived images', () => {
    const ids = offered('Administrator', examFixture({ zipStatus: 'Archive' }));
    expect(ids).toContain('unzip');
    expect(ids).not.toContain('importDicom');
  });

  it('runs the chosen action with its exam and closes the menu', () => {
    const acts = actions();
    const exam = examFixture();
    offered('Staff', exam, DOCTOR, acts);
    fireEvent.click(screen.getByTestId('action-assign'));
    expect(acts.open).toHaveBeenCalledWith({ kind: 'assign', exam });
    expect(screen.queryByTestId('action-assign')).toBeNull();
  });

  it('labels the items in Thai', () => {
    offered('Staff');
    expect(screen.getByTestId('action-history').textContent).toMatch(/[\u0E00-\u0E7F]/);
  });

  it('offers the CD folder and RadiAnt downloads to the image right, on exams with images not archived', () => {
    expect(offered('Staff')).toEqual(expect.arrayContaining(['downloadCd', 'downloadRadiant']));
    cleanup();
    expect(offered('Staff', examFixture({ hasImage: false }))).not.toContain('downloadCd');
    cleanup();
    const archived = offered('Staff', examFixture({ zipStatus: 'Archive' }));
    expect(archived).not.toContain('downloadCd');
    expect(archived).not.toContain('downloadRadiant');
  });

  it('does not offer a workstation helper the site has none of', () => {
    const ids = offered('Staff', examFixture(), DOCTOR, actions({ cd: false, radiant: true }));
    expect(ids).not.toContain('downloadCd');
    expect(ids).toContain('downloadRadiant');
  });

  it('offers Export Film with the request export right, for an exam ordered on a request', () => {
    const acts = actions();
    const exam = examFixture({ requestId: '00000000-0000-4000-8000-00000000aa01' });
    expect(offered('Staff', exam, DOCTOR, acts)).toContain('exportFilm');
    fireEvent.click(screen.getByTestId('action-exportFilm'));
    expect(acts.openImageDialog).toHaveBeenCalledWith({ kind: 'exportFilm', exam });
    cleanup();
    expect(offered('Staff', examFixture({ requestId: null }))).not.toContain('exportFilm');
    cleanup();
    expect(offered('Doctor', exam)).not.toContain('exportFilm');
  });
});
