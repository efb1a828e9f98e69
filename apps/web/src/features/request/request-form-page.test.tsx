// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { RequestCondition, RequestSaved } from '@rangsi/contract';
import { estimateEgfr } from '@rangsi/domain';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { RequestFormPage } from './request-form-page';
import { requestConditionFixture } from './testing/request-condition-fixture';

const PATIENT = {
  patientId: 'P1',
  hn: 'HN000123',
  name: 'นายสมชาย ใจดี',
  gender: 'Male',
  age: 40,
  nationalNumber: null,
};
const SAVED: RequestSaved = {
  requestId: 'R1',
  status: 'Active',
  exams: [{ examId: 'E1', modalityCode: 'CT', accessionNumber: 'RS1-CT-000001' }],
};

/** The server as the form meets it: its lists, the patient, hospital 1's price for CT Brain, and the saves it gets. */
function stubServer(condition: RequestCondition = requestConditionFixture(), saved: RequestSaved = SAVED) {
  const saves: Record<string, unknown>[] = [];
  const answer = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/uidata/requestCondition') return answer(condition);
      if (url === '/api/patient/P1') return answer(PATIENT);
      const pricing = /^\/api\/hospital\/(\d+)\/privilages\/(\d+)\/pricing$/.exec(url);
      if (pricing) return answer(pricing[1] === '1' && pricing[2] === '11' ? [{ productId: 1, price: 2000 }] : []);
      if (url === '/api/request/exam' && init?.method === 'POST') {
        saves.push(JSON.parse(init.body as string) as Record<string, unknown>);
        return answer(saved);
      }
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return saves;
}

function RequestListStub() {
  const { state } = useLocation() as { state: { savedNotice?: string } | null };
  return <div data-testid="request-list-stub">{state?.savedNotice}</div>;
}

async function renderForm() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/request/new/P1']}>
        <Routes>
          <Route path="/request/new/:patientId" element={<RequestFormPage mode="new" />} />
          <Route path="/request" element={<RequestListStub />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await screen.findByTestId('request-form-page');
  await waitFor(() => expect(screen.getByTestId('request-patient-name').textContent).toBe(PATIENT.name));
}

/** The MUI select labelled `label` (found through its label: role queries over the whole form are slow). */
function selectBox(label: string): HTMLElement {
  const { id } = screen.getByText(label, { selector: 'label' });
  const box = document.querySelector<HTMLElement>(`[role="combobox"][aria-labelledby~="${id}"]`);
  if (!box) throw new Error(`no select labelled ${label}`);
  return box;
}

const optionsIn = (listbox: HTMLElement) => [...listbox.querySelectorAll<HTMLElement>('[role="option"]')];

/** Opens a select, answers its options' names and closes it again without a choice. */
async function optionsOf(box: HTMLElement): Promise<string[]> {
  fireEvent.mouseDown(box);
  const listbox = await screen.findByRole('listbox');
  const names = optionsIn(listbox).map((o) => o.textContent ?? '');
  fireEvent.keyDown(listbox, { key: 'Escape' });
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}

async function choose(box: HTMLElement, option: string) {
  fireEvent.mouseDown(box);
  const found = optionsIn(await screen.findByRole('listbox')).find((o) => o.textContent === option);
  if (!found) throw new Error(`no option ${option}`);
  fireEvent.click(found);
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

const picker = (id: 'request-doctor' | 'request-building') => document.getElementById(id) as HTMLInputElement;

/** A free-text picker (send doctor, building): types `text` and answers the options it offers, left open. */
async function typeInPicker(id: 'request-doctor' | 'request-building', text: string): Promise<HTMLElement[]> {
  const input = picker(id);
  // Typed into while focused: an Autocomplete without focus puts its chosen value's text back.
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
  return optionsIn(await screen.findByRole('listbox'));
}

/** The names a free-text picker offers for `text`; closes it again. */
async function pickerOffers(id: 'request-doctor' | 'request-building', text: string): Promise<string[]> {
  const names = (await typeInPicker(id, text)).map((o) => o.textContent ?? '');
  fireEvent.keyDown(picker(id), { key: 'Escape' });
  act(() => picker(id).blur());
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}

const input = (testId: string) => screen.getByTestId<HTMLInputElement>(testId);
const submit = () => fireEvent.click(screen.getByTestId('request-submit'));
const formError = () => screen.findByTestId('request-form-error');
const chooseProduct = (id: number) => fireEvent.click(input(`product-${id}`));

describe('RequestFormPage (spec §2 request form, §4, §5 request form rules)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('refuses to save without a hospital, and then without a product, and sends nothing', async () => {
    const saves = stubServer();
    await renderForm();
    submit();
    expect((await formError()).textContent).toBe('กรุณาเลือกโรงพยาบาล');

    // A fresh form, so that only this Save's message is on screen: what an earlier one leaves is not checked here.
    cleanup();
    await renderForm();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    submit();
    expect((await formError()).textContent).toBe('กรุณาเลือกรายการตรวจอย่างน้อย 1 รายการ');
    expect(saves).toHaveLength(0);
  });

  it("takes a refused rule's message away as soon as its field is fixed (issue 26 item 4)", async () => {
    stubServer();
    await renderForm();
    submit();
    expect((await formError()).textContent).toBe('กรุณาเลือกโรงพยาบาล');
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    // The hospital is chosen: its message goes, and the next rule the form breaks is told (it was refused for it).
    expect(screen.getByTestId('request-form-error').textContent).toBe('กรุณาเลือกรายการตรวจอย่างน้อย 1 รายการ');
    chooseProduct(1);
    expect(screen.queryByTestId('request-form-error')).toBeNull();
  });

  it('offers the privileges, doctors and buildings of the chosen hospital only, once one is chosen', async () => {
    stubServer();
    await renderForm();
    expect(screen.queryByText('สิทธิการรักษา', { selector: 'label' })).toBeNull();
    expect(picker('request-doctor').disabled).toBe(true);
    expect(picker('request-building').disabled).toBe(true);

    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    expect(await optionsOf(selectBox('สิทธิการรักษา'))).toEqual(['—', 'ชำระเงินเอง', 'ประกันสังคม']);
    expect(picker('request-doctor').disabled).toBe(false);
    const doctors = await pickerOffers('request-doctor', 'น');
    expect(doctors).toContain('นพ.หนึ่ง รักษาดี');
    expect(doctors).not.toContain('นพ.สอง ใจเย็น');
    const buildings = await pickerOffers('request-building', 'ตึก');
    expect(buildings).toContain('ตึกอุบัติเหตุ');
    expect(buildings).not.toContain('ตึกผู้ป่วยนอก');
  });

  it('clears the privilege, the doctor and the building when the hospital changes', async () => {
    stubServer();
    await renderForm();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    await choose(selectBox('สิทธิการรักษา'), 'ประกันสังคม');
    fireEvent.click((await typeInPicker('request-doctor', 'หนึ่ง'))[0]!);
    fireEvent.click((await typeInPicker('request-building', 'อุบัติเหตุ'))[0]!);
    expect(input('request-privilege').value).toBe('12');
    expect(picker('request-doctor').value).toBe('นพ.หนึ่ง รักษาดี');

    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลสอง');
    expect(input('request-privilege').value).toBe('');
    expect(await optionsOf(selectBox('สิทธิการรักษา'))).toEqual(['—', 'บัตรทอง']);
    expect(picker('request-doctor').value).toBe('');
    expect(picker('request-building').value).toBe('');
  });

  it('takes a send doctor typed as free text, offered as เพิ่ม "…", and saves it as a new one', async () => {
    const saves = stubServer();
    await renderForm();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    const offered = await typeInPicker('request-doctor', 'นพ.ใหม่ มาไกล');
    const add = offered.find((o) => o.textContent === 'เพิ่ม "นพ.ใหม่ มาไกล"');
    expect(add).toBeDefined();
    fireEvent.click(add!);
    chooseProduct(1);
    submit();
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ hospitalDoctorId: null, hospitalDoctorId_add: 'นพ.ใหม่ มาไกล' });
  });

  it('asks for the send doctor work group only for the work-group doctors', async () => {
    stubServer();
    await renderForm();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    fireEvent.click((await typeInPicker('request-doctor', 'หนึ่ง'))[0]!);
    expect(screen.queryByTestId('request-work-group')).toBeNull();
    fireEvent.click((await typeInPicker('request-doctor', 'กลุ่ม'))[0]!);
    expect(await optionsOf(selectBox('กลุ่มงานแพทย์ผู้ส่ง'))).toEqual(['—', 'อายุรกรรม', 'ศัลยกรรม']);
  });

  it('shows the appointment day and time only for a set date, the time in 10-minute steps', async () => {
    stubServer();
    await renderForm();
    expect(screen.queryByTestId('schedule-day')).toBeNull();
    fireEvent.click(screen.getByLabelText('นัดวันเวลา'));
    expect(input('schedule-day').value).toMatch(/^\d{2}-\d{2}-\d{4}$/);
    // The default is now rounded to the nearest 10 minutes; a typed time is taken to the 10-minute step.
    expect(input('schedule-time').value).toMatch(/^\d{2}:\d0$/);
    fireEvent.change(input('schedule-time'), { target: { value: '934' } });
    fireEvent.blur(input('schedule-time'));
    expect(input('schedule-time').value).toBe('09:30');
    fireEvent.click(screen.getByLabelText('ตรวจทันที'));
    expect(screen.queryByTestId('schedule-day')).toBeNull();
  });

  it('starts a walk-in exam now, takes typed times in 5-minute steps and refuses an end before the start', async () => {
    const saves = stubServer();
    await renderForm();
    // ตรวจทันที: the exam has begun, so its start time is there already (issue 26 item 3).
    expect(input('exam-start').value).toMatch(/^\d{2}:\d[05]$/);
    fireEvent.click(screen.getByLabelText('นัดวันเวลา'));
    expect(input('exam-start').value).toBe('');
    fireEvent.click(screen.getByLabelText('ตรวจทันที'));
    expect(input('exam-start').value).toMatch(/^\d{2}:\d[05]$/);

    const type = (testId: string, text: string) => {
      fireEvent.change(input(testId), { target: { value: text } });
      fireEvent.blur(input(testId));
    };
    type('exam-start', '1002');
    expect(input('exam-start').value).toBe('10:00');
    type('exam-end', '25:00');
    expect(screen.getByText('เวลาไม่ถูกต้อง พิมพ์แบบ 24 ชั่วโมง เช่น 09:30')).toBeTruthy();
    type('exam-end', '9.55');
    expect(input('exam-end').value).toBe('09:55');
    expect(screen.getByText('เวลาสิ้นสุดต้องไม่ก่อนเวลาเริ่ม')).toBeTruthy();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    chooseProduct(1);
    submit();
    expect((await formError()).textContent).toBe('เวลาสิ้นสุดต้องไม่ก่อนเวลาเริ่ม');
    expect(saves).toHaveLength(0);

    type('exam-end', '10:00');
    expect(screen.queryByText('เวลาสิ้นสุดต้องไม่ก่อนเวลาเริ่ม', { selector: 'p' })).toBeNull();
  });

  it('fills the other blood test dates that are still empty with the date just entered', async () => {
    stubServer();
    await renderForm();
    fireEvent.change(input('field-blood_test_date_bun'), { target: { value: '01-12-2026' } });
    expect(input('field-blood_test_date_creatinine').value).toBe('01-12-2026');
    expect(input('field-blood_test_date_egfr').value).toBe('01-12-2026');

    fireEvent.change(input('field-blood_test_date_creatinine'), { target: { value: '' } });
    fireEvent.change(input('field-blood_test_date_egfr'), { target: { value: '03-12-2026' } });
    expect(input('field-blood_test_date_creatinine').value).toBe('03-12-2026');
    expect(input('field-blood_test_date_bun').value).toBe('01-12-2026');
  });

  it('shows a conditional field only when its condition holds, and clears the extra fields when the modalities change', async () => {
    stubServer();
    await renderForm();
    fireEvent.change(input('field-weight'), { target: { value: '60' } });
    chooseProduct(1);
    const pregnant = () => screen.getByLabelText<HTMLInputElement>('ตั้งครรภ์');
    expect(screen.queryByLabelText('อายุครรภ์ (สัปดาห์)')).toBeNull();
    fireEvent.click(pregnant());
    expect(screen.getByLabelText('อายุครรภ์ (สัปดาห์)')).toBeTruthy();

    // Another CT product: the same modalities, the answers stay.
    chooseProduct(2);
    expect(pregnant().checked).toBe(true);

    // MR as well: the answers go, the kept fields (weight …) stay.
    fireEvent.click(screen.getByTestId('modality-tab-MR'));
    chooseProduct(4);
    expect(pregnant().checked).toBe(false);
    expect(screen.queryByLabelText('อายุครรภ์ (สัปดาห์)')).toBeNull();
    expect(input('field-weight').value).toBe('60');
  });

  it('prices each product custom, else privilege, else default, times a quantity above 0', async () => {
    stubServer();
    await renderForm();
    chooseProduct(1);
    const total = () => screen.getByTestId('total-1').textContent;
    expect(total()).toBe('2,500.00');

    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    await choose(selectBox('สิทธิการรักษา'), 'ชำระเงินเอง');
    await waitFor(() => expect(total()).toBe('2,000.00'));

    fireEvent.change(input('custom-1'), { target: { value: '1500' } });
    expect(total()).toBe('1,500.00');
    fireEvent.change(input('qty-1'), { target: { value: '2' } });
    expect(total()).toBe('3,000.00');

    fireEvent.change(input('qty-1'), { target: { value: '0' } });
    expect(screen.getByText('จำนวนต้องมากกว่า 0')).toBeTruthy();
    expect(total()).toBe('0.00');

    // An emptied custom price is gone: the privilege price again.
    fireEvent.change(input('qty-1'), { target: { value: '1' } });
    fireEvent.change(input('custom-1'), { target: { value: '' } });
    expect(total()).toBe('2,000.00');
  });

  it('drops the custom price of a product taken off the request', async () => {
    stubServer();
    await renderForm();
    chooseProduct(1);
    fireEvent.change(input('custom-1'), { target: { value: '1500' } });
    chooseProduct(1);
    expect(screen.queryByTestId('custom-1')).toBeNull();
    chooseProduct(1);
    expect(input('custom-1').value).toBe('');
    expect(screen.getByTestId('total-1').textContent).toBe('2,500.00');
  });

  it('asks a dose in sheets for FILM and in ml for a contrast product, none for others', async () => {
    stubServer();
    await renderForm();
    [1, 2, 3].forEach(chooseProduct);
    expect(screen.queryByTestId('dose-1')).toBeNull();
    expect(input('dose-2').parentElement!.textContent).toContain('แผ่น');
    expect(input('dose-3').parentElement!.textContent).toContain('ml');
  });

  it('saves one exam per modality with the estimated eGFR when none is typed, says so, and opens the list after 3 s', async () => {
    const saves = stubServer();
    await renderForm();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    chooseProduct(1);
    fireEvent.change(input('field-creatinine'), { target: { value: '1.1' } });
    const egfr = estimateEgfr({ creatinineMgDl: 1.1, ageYears: 40, sex: 'Male', heightCm: null }).value;
    expect(egfr).not.toBeNull();
    expect(input('field-egfr').placeholder).toBe(String(egfr));

    vi.useFakeTimers({ shouldAdvanceTime: true });
    submit();
    const saved = await screen.findByTestId('request-saved');
    expect(saved.textContent).toContain('บันทึกใบส่งตรวจเรียบร้อยแล้ว');
    expect(saved.textContent).toContain('RS1-CT-000001');
    expect(saves).toHaveLength(1);
    expect(saves[0]).toMatchObject({
      patientId: 'P1',
      hospitalId: 1,
      modalities: { CT: [1] },
      isSchedule: false,
      scheduleDateTime: null,
      additionalFields: { creatinine: '1.1', egfr: String(egfr) },
    });

    await act(async () => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.queryByTestId('request-list-stub')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    // The list takes the saved message over.
    expect((await screen.findByTestId('request-list-stub')).textContent).toContain('RS1-CT-000001');
  });

  it('warns when the saved request is held for its custom price', async () => {
    stubServer(requestConditionFixture(), { ...SAVED, status: 'Hold' });
    await renderForm();
    await choose(selectBox('โรงพยาบาล'), 'โรงพยาบาลหนึ่ง');
    chooseProduct(1);
    fireEvent.change(input('custom-1'), { target: { value: '10' } });
    submit();
    const saved = await screen.findByTestId('request-saved');
    expect(saved.textContent).toContain('ใบส่งตรวจถูกพักไว้ (Hold) รออนุมัติราคาพิเศษ');
    expect(saved.className).toMatch(/Warning/);
  });
});
