import ClearRounded from '@mui/icons-material/ClearRounded';
import ScienceRounded from '@mui/icons-material/ScienceRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import type { RequestCondition } from '@rangsi/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NO_RESEARCH_SUBJECT } from '../lib/request-draft';
import { ResearchProjectDialog, type ResearchEntry } from './research-project-dialog';

/** The project's name, and the subject compactly: "project · code name · VN …". */
function summaryOf(entry: ResearchEntry, projects: RequestCondition['researchProjects']): string {
  const p = entry.project;
  if (!p) return '';
  const name = 'add' in p ? p.add : p.name || projects.find((o) => o.id === p.id)?.name || '';
  const who = [entry.subject.id.trim(), entry.subject.name.trim()].filter(Boolean).join(' ');
  const vn = entry.subject.vn.trim() ? `VN ${entry.subject.vn.trim()}` : '';
  return [name, who, vn].filter(Boolean).join(' · ');
}

/** The patient header's research project picker (spec §2): shows the project and subject, opens the dialog, clears. */
export function ResearchProjectField({
  projects,
  value,
  onChange,
}: {
  projects: RequestCondition['researchProjects'];
  value: ResearchEntry;
  onChange: (entry: ResearchEntry) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const summary = summaryOf(value, projects);
  return (
    <>
      <Tooltip title={summary}>
        <TextField
          size="small"
          label={t('request.form.researchProject')}
          value={summary}
          placeholder={t('request.research.none')}
          onClick={() => setOpen(true)}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: {
              readOnly: true,
              'data-testid': 'request-research',
              'aria-haspopup': 'dialog',
              style: { cursor: 'pointer', textOverflow: 'ellipsis' },
            },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  {summary ? (
                    <IconButton
                      size="small"
                      edge="end"
                      aria-label={t('request.research.clear')}
                      data-testid="request-research-clear"
                      onClick={(e) => {
                        e.stopPropagation();
                        onChange({ project: null, subject: NO_RESEARCH_SUBJECT });
                      }}
                    >
                      <ClearRounded fontSize="small" />
                    </IconButton>
                  ) : (
                    <ScienceRounded fontSize="small" color="action" />
                  )}
                </InputAdornment>
              ),
            },
          }}
        />
      </Tooltip>
      {open ? (
        <ResearchProjectDialog
          projects={projects}
          value={value}
          onCancel={() => setOpen(false)}
          onOk={(entry) => {
            setOpen(false);
            onChange(entry);
          }}
        />
      ) : null}
    </>
  );
}
