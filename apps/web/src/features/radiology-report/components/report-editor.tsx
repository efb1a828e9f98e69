import BookmarkAddOutlined from '@mui/icons-material/BookmarkAddOutlined';
import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { RADIOLOGY_REPORT_NAME } from '@rangsi/domain';
import {
  REPORT_SECTION_MAX,
  type ExamReport,
  type FinishReportResult,
  type ReportSection,
  type ReportTemplate,
} from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldLabel } from '@/components/field-label';
import { ApiError } from '@/api/api-error';
import { useFinishReport } from '../api/finish-report';
import { getExamReport } from '../api/get-exam-report';
import { useReportAutosave } from '../hooks/use-report-autosave';
import { applyTemplate, initialFormValues, isBlank, type ReportFormValues } from '../lib/report-form';
import { AutosaveIndicator } from './autosave-indicator';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { SaveTemplateDialog } from './save-template-dialog';
import { TemplatePicker } from './template-picker';

type Field = ReportSection | 'addendum';

const ROWS: Record<Field, number> = { addendum: 3, clinicalInformation: 2, technique: 2, findings: 7, impression: 3 };

interface ReportEditorProps {
  examId: string;
  reportName: string;
  report: ExamReport;
  onFinished: (result: FinishReportResult) => void;
  /** Reads the report again (after a draft conflict) and starts the form over from it. */
  onReload: () => void;
}

/**
 * The "new" state of spec §2: the sections a radiologist writes (clinical information, technique, findings,
 * impression; why, for an addendum), a template picker, draft autosave, the critical-finding box and Finish with a
 * confirmation. Text is plain text everywhere: the fields hold it and the PDF prints it, never as HTML.
 */
export function ReportEditor({ examId, reportName, report, onFinished, onReload }: ReportEditorProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ReportFormValues>(() => initialFormValues(report));
  const [kind, setKind] = useState<'final' | 'preliminary'>('final');
  const [pendingTemplate, setPendingTemplate] = useState<ReportTemplate | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [savingTemplate, setSavingTemplate] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const autosave = useReportAutosave(examId, reportName, report.draft?.version ?? 0, report.draft?.updatedAt);
  const finish = useFinishReport(examId, reportName);
  const addendum = report.access.nextKinds.includes('addendum');
  const offersKinds = report.access.nextKinds.includes('preliminary');
  const madeKind = addendum ? 'addendum' : kind;

  const change = (next: ReportFormValues) => {
    setValues(next);
    autosave.schedule(next);
  };
  const setSection = (field: Field, text: string) => {
    setFieldErrors((e) => ({ ...e, [field]: undefined }));
    change({ ...values, content: { ...values.content, [field]: text } });
  };
  const pick = (template: ReportTemplate) => {
    if (isBlank(values.content, report.requestClinicalInformation))
      change({ ...values, content: applyTemplate(values.content, template) });
    else setPendingTemplate(template);
  };

  /**
   * The draft as Finish would print it: POST /ReportViewer/pacs (spec §7, a form with the parameters url-encoded) into
   * a window opened inside the click (popup blockers), once the latest text is saved.
   */
  const preview = async () => {
    const target = `report-preview-${examId}`;
    window.open('about:blank', target);
    await autosave.saveNow();
    const form = document.createElement('form');
    form.method = 'POST';
    form.action = `/ReportViewer/${RADIOLOGY_REPORT_NAME}`;
    form.target = target;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = 'examId';
    input.value = examId;
    form.appendChild(input);
    document.body.appendChild(form);
    form.submit();
    form.remove();
  };

  const askFinish = () => {
    const errors: Partial<Record<Field, string>> = {};
    if (!values.content.impression.trim()) errors.impression = t('report.form.impressionRequired');
    if (addendum && !values.content.addendum?.trim()) errors.addendum = t('report.form.addendumRequired');
    setFieldErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) {
      document.getElementById(`report-${first}`)?.focus();
      return;
    }
    setConfirming(true);
  };

  const doFinish = async () => {
    await autosave.stop();
    finish.mutate(
      {
        content: values.content,
        isCritical: values.isCritical,
        kind: addendum ? undefined : kind,
        versionNo: report.access.nextVersionNo,
      },
      {
        onSuccess: (result) => {
          setConfirming(false);
          onFinished(result);
        },
        onError: (error) => {
          setConfirming(false);
          if (error instanceof ApiError) {
            const byField = Object.fromEntries(
              error.fieldErrors.map((e) => [e.field.replace(/^content\./, ''), e.message]),
            );
            setFieldErrors(byField);
          }
          // Nothing typed is lost: autosave goes on with the text on screen.
          autosave.schedule(values);
        },
      },
    );
  };

  const field = (id: Field, required = false) => (
    <Box key={id}>
      <FieldLabel htmlFor={`report-${id}`} required={required}>
        {t(`report.section.${id}`)}
      </FieldLabel>
      <TextField
        id={`report-${id}`}
        value={values.content[id] ?? ''}
        onChange={(event) => setSection(id, event.target.value)}
        multiline
        minRows={ROWS[id]}
        fullWidth
        error={Boolean(fieldErrors[id])}
        helperText={
          fieldErrors[id] ??
          ((values.content[id]?.length ?? 0) > REPORT_SECTION_MAX * 0.9
            ? t('report.form.length', {
                count: values.content[id]?.length ?? 0,
                max: REPORT_SECTION_MAX.toLocaleString('en-US'),
              })
            : undefined)
        }
        slotProps={{
          htmlInput: { maxLength: REPORT_SECTION_MAX, 'data-testid': `report-field-${id}`, spellCheck: false },
          formHelperText: { sx: { mx: 0 } },
        }}
        sx={{ '& textarea': { lineHeight: 1.6 }, bgcolor: 'background.paper' }}
      />
    </Box>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="report-editor">
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          flexWrap: 'wrap',
        }}
      >
        <TemplatePicker templates={report.templates} onPick={pick} />
        <Button
          size="small"
          startIcon={<BookmarkAddOutlined />}
          onClick={() => setSavingTemplate(true)}
          disabled={isBlank(values.content)}
          data-testid="save-template"
        >
          {t('report.template.save')}
        </Button>
        <Button
          size="small"
          startIcon={<VisibilityOutlined />}
          onClick={() => void preview()}
          data-testid="report-preview"
        >
          {t('report.form.preview')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <AutosaveIndicator state={autosave.state} />
      </Box>
      {autosave.state.status === 'conflict' ? (
        <Alert
          severity="warning"
          sx={{ borderRadius: 0 }}
          action={
            <>
              <Button color="inherit" size="small" onClick={onReload}>
                {t('report.autosave.loadLatest')}
              </Button>
              <Button
                color="inherit"
                size="small"
                onClick={() => {
                  void getExamReport(examId, reportName).then((fresh) =>
                    autosave.overwrite(fresh.draft?.version ?? 0, values),
                  );
                }}
              >
                {t('report.autosave.keepMine')}
              </Button>
            </>
          }
        >
          {t('report.autosave.conflictText')}
        </Alert>
      ) : null}
      {autosave.state.status === 'error' ? (
        <Alert severity="error" sx={{ borderRadius: 0 }} data-testid="autosave-error">
          {autosave.state.message || t('report.autosave.error')}
        </Alert>
      ) : null}
      <Box
        sx={{
          flex: 1,
          overflowY: 'auto',
          px: 2,
          py: 1.5,
          display: 'flex',
          flexDirection: 'column',
          gap: 1.25,
          bgcolor: 'background.default',
        }}
      >
        {addendum ? (
          <Alert severity="info" sx={{ py: 0 }}>
            {t('report.form.addendumHint', { n: report.access.nextVersionNo - 1 })}
          </Alert>
        ) : null}
        {addendum ? field('addendum', true) : null}
        {field('clinicalInformation')}
        {field('technique')}
        {field('findings')}
        {field('impression', true)}
      </Box>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          px: 2,
          py: 1,
          borderTop: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
          flexWrap: 'wrap',
        }}
      >
        <FormControlLabel
          control={
            <Checkbox
              checked={values.isCritical}
              onChange={(e) => change({ ...values, isCritical: e.target.checked })}
              color="error"
              slotProps={{ input: { 'data-testid': 'report-critical' } as object }}
            />
          }
          label={
            <Typography
              variant="body2"
              sx={{
                color: values.isCritical ? 'error.main' : 'text.primary',
                fontWeight: values.isCritical ? 600 : 400,
              }}
            >
              {t('report.critical.checkbox')}
            </Typography>
          }
        />
        <Box sx={{ flex: 1 }} />
        {offersKinds ? (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={kind}
            onChange={(_, v: 'final' | 'preliminary' | null) => v && setKind(v)}
            aria-label={t('report.form.kind')}
            data-testid="report-kind"
          >
            <ToggleButton value="final" sx={{ px: 1.5 }}>
              {t('report.kind.final')}
            </ToggleButton>
            <ToggleButton value="preliminary" sx={{ px: 1.5 }}>
              {t('report.kind.preliminary')}
            </ToggleButton>
          </ToggleButtonGroup>
        ) : null}
        <Button
          variant="contained"
          startIcon={<TaskAltRounded />}
          onClick={askFinish}
          loading={finish.isPending}
          data-testid="report-finish"
        >
          {t(`report.form.finish.${madeKind}`)}
        </Button>
      </Box>

      {pendingTemplate ? (
        <ConfirmDialog
          title={t('report.template.replaceTitle')}
          text={t('report.template.replaceText', { name: pendingTemplate.name })}
          confirmLabel={t('report.template.replace')}
          cancelLabel={t('report.confirm.no')}
          onCancel={() => setPendingTemplate(null)}
          onConfirm={() => {
            change({ ...values, content: applyTemplate(values.content, pendingTemplate) });
            setPendingTemplate(null);
          }}
          testId="template-replace-dialog"
        />
      ) : null}
      {confirming ? (
        <ConfirmDialog
          title={t('report.form.confirmTitle', { n: report.access.nextVersionNo, kind: t(`report.kind.${madeKind}`) })}
          text={t('report.form.confirmText')}
          extra={
            values.isCritical ? (
              <Alert severity="error" sx={{ mt: 1.5 }}>
                {t('report.critical.confirm')}
              </Alert>
            ) : undefined
          }
          confirmLabel={t(`report.form.finish.${madeKind}`)}
          cancelLabel={t('report.confirm.no')}
          pending={finish.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void doFinish()}
          testId="finish-dialog"
        />
      ) : null}
      {savingTemplate ? (
        <SaveTemplateDialog
          exam={report.exam}
          content={values.content}
          onClose={() => setSavingTemplate(false)}
          examId={examId}
          reportName={reportName}
        />
      ) : null}
    </Box>
  );
}
