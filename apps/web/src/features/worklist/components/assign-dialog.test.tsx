// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Exam } from '@rangsi/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '@/i18n/i18n';
import { examFixture } from '../testing/exam-fixture';
import { AssignDialog } from './assign-dialog';

const D1 = '00000000-0000-4000-8000-0000000000d1';
const D2 = '00000000-0000-4000-8000-0000000000d2';

/** The server as the dialog meets it: its doctors, the doctor on duty, and the assignment it records. */
function stubServer(exam: Exam) {
  const posts: { url: string; body: Record<string, unknown> }[] = [];
  const answer = (data: unknown) =>
    new Response(JSON.stringify({ success: true, data }), { headers: { 'content-type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith('/api/uidata/assignabledoctor/'))
        return answer([
          { doctorId: D1, doctorName: 'นพ.หนึ่ง รักษาดี' },
          { doctorId: D2, doctorName: 'พญ.สอง ใจเย็น' },
        ]);
      if (url.endsWith('/dutyDoctor')) return answer({ doctorId: D2, doctorName: 'พญ.สอง ใจเย็น' });
      if (init?.method === 'POST') {
        const body = JSON.parse(init.body as string) as Record<string, unknown>;
        posts.push({ url, body });
        return answer({ ...exam, reviewerId: body.doctorId, status: 'Assigned', version: exam.version + 1 });
      }
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
  return posts;
}

function renderDialog(exam: Exam, onClose = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AssignDialog exam={exam} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

const submit = () => screen.getByTestId<HTMLButtonElement>('assign-submit');

describe('AssignDialog (spec §2, §4, §5 Assign Case)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(cleanup);

  it('stays disabled until something changes; the duty doctor fills the doctor', async () => {
    const exam = examFixture({ modality: 'MR', description: 'MR Brain' });
    stubServer(exam);
    renderDialog(exam);
    expect(submit().disabled).toBe(true);
    const duty = await screen.findByTestId('assign-duty-doctor');
    await waitFor(() => expect((duty as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(duty);
    expect(submit().disabled).toBe(false);
    expect(screen.getByTestId('assign-doctor').textContent).toContain('พญ.สอง ใจเย็น');
    // Urgency presets are for CT with an assignee only.
    expect(screen.queryByTestId('assign-urgency')).toBeNull();
  });

  it('sets the duration from a CT urgency preset, forces a negative part to 0, and sends the assignment with the row version', async () => {
    const exam = examFixture({ version: 7 });
    const posts = stubServer(exam);
    const onClose = renderDialog(exam);
    const duty = await screen.findByTestId('assign-duty-doctor');
    await waitFor(() => expect((duty as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(duty);

    fireEvent.mouseDown(screen.getByTestId('assign-urgency'));
    fireEvent.click(within(await screen.findByRole('listbox')).getByTestId('urgency-option-ER'));
    const part = (p: string) => screen.getByTestId<HTMLInputElement>(`assign-${p}`);
    expect([part('day').value, part('hour').value, part('minute').value]).toEqual(['0', '2', '0']);

    fireEvent.change(part('minute'), { target: { value: '-5' } });
    fireEvent.blur(part('minute'));
    expect(part('minute').value).toBe('0');

    fireEvent.click(submit());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts).toHaveLength(1);
    expect(posts[0]!.url).toContain(exam.examId);
    expect(posts[0]!.body).toMatchObject({
      doctorId: D2,
      withInDay: 0,
      withInHour: 2,
      withInMinute: 0,
      reportUrgency: 'ER',
      version: 7,
    });
  });
});
