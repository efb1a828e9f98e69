import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { PatientFormData } from '@rangsi/contract';
import { useTranslation } from 'react-i18next';
import type { PatientFormApi } from '../hooks/use-patient-form';
import type { RomanizedPart } from '../hooks/use-romanization';
import type { HistoryCapabilities } from '../lib/exam-history-links';
import { AllergyTab } from './allergy-tab';
import { EmergencyTab } from './emergency-tab';
import { ExamHistoryTab } from './exam-history-tab';
import { FamilyTab } from './family-tab';
import { PersonalTab } from './personal-tab';
import { WorkplaceTab } from './workplace-tab';

/** The patient form's tabs (spec §2): personal, family, emergency contact, workplace, allergy, exam history. */
export function PatientFormTabs({
  tab,
  onTab,
  form,
  formData,
  patientId,
  existing,
  examCount,
  can,
  onThaiNameTyped,
  onEnglishNameTyped,
}: {
  tab: number;
  onTab: (tab: number) => void;
  form: PatientFormApi;
  formData: PatientFormData;
  patientId: string;
  /** A saved patient: only it has an exam history. */
  existing: boolean;
  examCount: number;
  can: HistoryCapabilities;
  onThaiNameTyped: (part: RomanizedPart, thai: string) => void;
  onEnglishNameTyped: (part: RomanizedPart) => void;
}) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ flex: 1 }}>
      <Tabs
        value={tab}
        onChange={(_, next: number) => onTab(next)}
        variant="scrollable"
        scrollButtons="auto"
        sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        aria-label={t('patient.form.tabs')}
      >
        <Tab label={t('patient.tab.personal')} data-testid="patient-tab-0" />
        <Tab label={t('patient.tab.family')} data-testid="patient-tab-1" />
        <Tab label={t('patient.tab.emergency')} data-testid="patient-tab-2" />
        <Tab label={t('patient.tab.workplace')} data-testid="patient-tab-3" />
        <Tab label={t('patient.tab.allergy')} data-testid="patient-tab-4" />
        <Tab label={t('patient.tab.history', { count: examCount })} disabled={!existing} data-testid="patient-tab-5" />
      </Tabs>
      <Box sx={{ p: 2 }} role="tabpanel">
        {tab === 0 ? (
          <PersonalTab
            form={form}
            formData={formData}
            existing={existing}
            onThaiNameTyped={onThaiNameTyped}
            onEnglishNameTyped={onEnglishNameTyped}
          />
        ) : null}
        {tab === 1 ? <FamilyTab form={form} formData={formData} /> : null}
        {tab === 2 ? <EmergencyTab form={form} /> : null}
        {tab === 3 ? <WorkplaceTab form={form} /> : null}
        {tab === 4 ? <AllergyTab form={form} formData={formData} /> : null}
        {tab === 5 && existing ? <ExamHistoryTab patientId={patientId} can={can} /> : null}
      </Box>
    </Paper>
  );
}
