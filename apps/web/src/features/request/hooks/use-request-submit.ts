import type { RequestSaved, UnmatchedStudy } from '@rangsi/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { examForStudy } from '@/lib/request-from-study';
import { useLinkStudy } from '../api/link-study';
import { useSaveRequest } from '../api/request-mutations';
import { linkedText, type LinkedStudy } from '../lib/linked-study';
import { toSave, type RequestDraft } from '../lib/request-draft';

/** The form's own rules checked before it is sent, in the order they are told (spec §5). */
type FormRule = 'hospital' | 'product' | 'time';

/** The first of the form's own rules the draft breaks now, or null. */
function brokenRule(draft: RequestDraft, checks: Pick<SubmitChecks, 'productCount' | 'timeBad'>): FormRule | null {
  if (!draft.hospitalId) return 'hospital';
  if (checks.productCount === 0) return 'product';
  if (checks.timeBad) return 'time';
  return null;
}

const RULE_TEXT = {
  hospital: 'request.form.chooseHospital',
  product: 'request.form.chooseProduct',
  time: 'request.form.timeError',
} as const;

/** What the form knows beyond the draft when it is sent. */
export interface SubmitChecks {
  productCount: number;
  timeBad: boolean;
  /** The estimated eGFR, saved when the user typed none. */
  autoEgfr: number | null;
}

/**
 * Saving the request form: the form's own checks (spec §5), the save, the unmatched study's images linked to the
 * saved exam of their modality, and the list opened after the saved message (spec §4).
 */
export function useRequestSubmit(requestId: string | undefined, fromStudy: UnmatchedStudy | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [saved, setSaved] = useState<RequestSaved | null>(null);
  // The rule the last Save was refused for; its message shows only while the form still breaks it.
  const [refused, setRefused] = useState<FormRule | null>(null);
  const save = useSaveRequest(requestId);
  const linkStudyTo = useLinkStudy();
  const [linked, setLinked] = useState<LinkedStudy | null>(null);
  // The draft the server last refused: its message no longer applies once the form is changed (issue 26 item 4).
  const [sentDraft, setSentDraft] = useState<RequestDraft | null>(null);

  // Spec §4: the saved message shows for 10 s, and the list opens after 3 s.
  useEffect(() => {
    if (!saved) return;
    // The list takes the message over for the rest of its 10 s.
    const text = [
      `${t('request.form.saved')} · ${t('request.form.savedAccessions', { list: saved.exams.map((e) => e.accessionNumber).join(', ') })}`,
      linkedText(linked, t),
    ]
      .filter(Boolean)
      .join(' · ');
    const timer = window.setTimeout(
      () => void navigate('/request', { state: { savedNotice: text, hideAt: Date.now() + 7000 } }),
      3000,
    );
    return () => window.clearTimeout(timer);
  }, [saved, linked, navigate, t]);

  /** The unmatched study's images to the saved request's exam of their modality (the server checks scope and state). */
  async function linkStudy(study: UnmatchedStudy, data: RequestSaved): Promise<LinkedStudy> {
    const exam = examForStudy(study, data.exams);
    if (!exam) return { ok: false, reason: t('request.form.studyNoExam') };
    try {
      await linkStudyTo.mutateAsync({ studyId: study.studyId, examId: exam.examId });
      return { ok: true, accession: exam.accessionNumber };
    } catch (e) {
      return { ok: false, reason: e instanceof Error && e.message ? e.message : t('request.form.studyLinkFailed') };
    }
  }

  const submit = (draft: RequestDraft, { productCount, timeBad, autoEgfr }: SubmitChecks) => {
    const broken = brokenRule(draft, { productCount, timeBad });
    setRefused(broken);
    if (broken) return;
    const body = toSave(draft);
    if (!draft.additional.egfr && autoEgfr !== null)
      body.additionalFields = { ...body.additionalFields, egfr: String(autoEgfr) };
    setSentDraft(draft);
    save.mutate(body, {
      onSuccess: (data) => {
        if (!fromStudy) {
          setSaved(data);
          return;
        }
        void linkStudy(fromStudy, data).then((outcome) => {
          setLinked(outcome);
          setSaved(data);
        });
      },
    });
  };

  return {
    submit,
    saved,
    closeSaved: () => setSaved(null),
    linked,
    /**
     * The message to show for the form as it is now: the refused rule's while the draft still breaks it (fixing the
     * field takes it away; issue 26 item 4), else the server's refusal of the last save; null when there is none.
     */
    errorFor(draft: RequestDraft, checks: Pick<SubmitChecks, 'productCount' | 'timeBad'>): { text: string } | null {
      const broken = refused ? brokenRule(draft, checks) : null;
      if (broken) return { text: t(RULE_TEXT[broken]) };
      return save.error && draft === sentDraft ? { text: save.error.message } : null;
    },
    pending: save.isPending || linkStudyTo.isPending,
  };
}
