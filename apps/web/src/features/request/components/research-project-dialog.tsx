import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RESEARCH_VN_PATTERN, type RequestCondition } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Picked, ResearchSubject } from '../lib/request-draft';
import { FreeTextPicker } from './free-text-picker';

/** What the research project dialog edits: the project and its subject. */
export interface ResearchEntry {
  project: Picked;
  subject: ResearchSubject;
}

/**
 * The research project dialog (spec §2): a project from the list or a new one typed by name, and the subject's
 * code, name and VN. OK keeps it on the form (saved with the request). The rules are the server's (decision WS31),
 * checked here first so a bad VN or a subject without a project never leaves the dialog.
 */
export function ResearchProjectDialog({
  projects,
  value,
  onCancel,
  onOk,
}: {
  projects: RequestCondition['researchProjects'];
  value: ResearchEntry;
  onCancel: () => void;
  onOk: (entry: ResearchEntry) => void;
}) {
  const { t } = useTranslation();
  const [project, setProject] = useState<Picked>(value.project);
  const [subject, setSubject] = useState<ResearchSubject>(value.subject);
  const vn = subject.vn.trim();
  const vnBad = !RESEARCH_VN_PATTERN.test(vn);
  const needsProject = !project && Boolean(subject.id.trim() || subject.name.trim() || vn);
  const field = (key: keyof ResearchSubject, label: string, max: number, help?: string) => (
    <TextField
      size="small"
      label={label}
      value={subject[key]}
      onChange={(e) => setSubject((s) => ({ ...s, [key]: e.target.value }))}
      error={Boolean(help)}
      helperText={help}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: max, 'data-testid': `research-${key}` } }}
    />
  );
  return (
    <Dialog
      open
      onClose={onCancel}
      maxWidth="xs"
      fullWidth
      aria-labelledby="research-title"
      data-testid="research-dialog"
    >
      <DialogTitle id="research-title">{t('request.research.title')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.75, pt: '8px !important' }}>
        <FreeTextPicker
          id="research-project"
          label={t('request.form.researchProject')}
          options={projects}
          value={project}
          onChange={setProject}
        />
        {field('id', t('request.research.subjectId'), 50)}
        {field('name', t('request.research.subjectName'), 200)}
        {field('vn', t('request.research.vn'), 20, vnBad ? t('request.research.vnBad') : undefined)}
        {needsProject ? (
          <Typography variant="body2" color="error" role="alert" data-testid="research-needs-project">
            {t('request.research.needsProject')}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} data-testid="research-cancel">
          {t('request.common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={vnBad || needsProject}
          onClick={() => onOk({ project, subject })}
          data-testid="research-ok"
        >
          {t('request.research.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
