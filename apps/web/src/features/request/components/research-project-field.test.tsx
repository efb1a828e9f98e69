// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/i18n/i18n';
import { NO_RESEARCH_SUBJECT } from '../lib/request-draft';
import type { ResearchEntry } from './research-project-dialog';
import { ResearchProjectField } from './research-project-field';

const PROJECTS = [
  { id: 1, name: 'โครงการคัดกรองมะเร็งปอด' },
  { id: 2, name: 'โครงการศึกษาไตเรื้อรัง' },
];

/** The field on the form, keeping what the dialog gives back, and showing it as the save would carry it. */
function Harness({ initial }: { initial: ResearchEntry }) {
  const [entry, setEntry] = useState(initial);
  return (
    <>
      <ResearchProjectField projects={PROJECTS} value={entry} onChange={setEntry} />
      <output data-testid="kept">{JSON.stringify(entry)}</output>
    </>
  );
}

const summary = () => screen.getByTestId<HTMLInputElement>('request-research').value;
const dialog = () => screen.getByTestId('research-dialog');
const projectInput = () => dialog().querySelector<HTMLInputElement>('#research-project')!;
const type = (id: string, value: string) => fireEvent.change(screen.getByTestId(id), { target: { value } });

describe('research project dialog (spec §2, decision WS31)', () => {
  afterEach(cleanup);

  it('picks a listed project with the subject, shows it compactly, and clears it', () => {
    render(<Harness initial={{ project: null, subject: NO_RESEARCH_SUBJECT }} />);
    expect(summary()).toBe('');
    fireEvent.click(screen.getByTestId('request-research'));
    fireEvent.change(projectInput(), { target: { value: 'ไต' } });
    fireEvent.click(screen.getByRole('option', { name: 'โครงการศึกษาไตเรื้อรัง' }));
    type('research-id', 'CKD-014');
    type('research-name', 'สมหญิง ใจงาม');
    type('research-vn', '690123/4');
    fireEvent.click(screen.getByTestId('research-ok'));
    expect(screen.queryByTestId('research-dialog')).toBeNull();
    expect(summary()).toBe('โครงการศึกษาไตเรื้อรัง · CKD-014 สมหญิง ใจงาม · VN 690123/4');
    fireEvent.click(screen.getByTestId('request-research-clear'));
    expect(summary()).toBe('');
    expect(JSON.parse(screen.getByTestId('kept').textContent)).toEqual({
      project: null,
      subject: NO_RESEARCH_SUBJECT,
    });
  });

  it('a project typed by name is offered as เพิ่ม "…" and kept as a new one', async () => {
    render(<Harness initial={{ project: null, subject: NO_RESEARCH_SUBJECT }} />);
    fireEvent.click(screen.getByTestId('request-research'));
    // Typed into while focused: an Autocomplete without focus puts its chosen value's text back.
    act(() => projectInput().focus());
    fireEvent.change(projectInput(), { target: { value: 'โครงการใหม่ 2570' } });
    const offered = within(await screen.findByRole('listbox')).getAllByRole('option');
    fireEvent.click(offered.find((o) => o.textContent === 'เพิ่ม "โครงการใหม่ 2570"')!);
    fireEvent.click(screen.getByTestId('research-ok'));
    expect(summary()).toBe('โครงการใหม่ 2570');
    expect(JSON.parse(screen.getByTestId('kept').textContent).project).toEqual({ add: 'โครงการใหม่ 2570' });
  });

  it('a bad VN or a subject without a project keeps OK disabled with the reason; Cancel changes nothing', () => {
    const saved = { project: { id: 1, name: '' }, subject: { id: 'LC-1', name: '', vn: 'VN1' } };
    render(<Harness initial={saved} />);
    // Editing a saved request: the project's name comes from the list.
    expect(summary()).toBe('โครงการคัดกรองมะเร็งปอด · LC-1 · VN VN1');
    fireEvent.click(screen.getByTestId('request-research'));
    type('research-vn', 'VN 1');
    expect(screen.getByText('VN ใช้ได้เฉพาะตัวอักษรอังกฤษ ตัวเลข และ - / . ไม่เกิน 20 ตัว')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('research-ok').disabled).toBe(true);
    type('research-vn', 'VN2');
    fireEvent.click(within(dialog()).getByLabelText('Clear'));
    expect(screen.getByTestId('research-needs-project').textContent).toBe('กรุณาเลือกโครงการวิจัยก่อนระบุข้อมูลผู้เข้าร่วมวิจัย');
    expect(screen.getByTestId<HTMLButtonElement>('research-ok').disabled).toBe(true);
    fireEvent.click(screen.getByTestId('research-cancel'));
    expect(summary()).toBe('โครงการคัดกรองมะเร็งปอด · LC-1 · VN VN1');
    expect(JSON.parse(screen.getByTestId('kept').textContent)).toEqual(saved);
  });
});
