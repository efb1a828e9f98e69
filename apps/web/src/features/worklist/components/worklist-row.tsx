import type { Exam } from '@rangsi/contract';
import { countdown } from '@rangsi/domain';
import { memo } from 'react';
import { formatDateTime } from '@/lib/format-date';
import type { WorklistActions } from '../hooks/use-worklist-dialogs';
import { canAssign, canOpenReport } from '../lib/exam-rules';
import type { WorklistCapabilities } from '../lib/worklist-capabilities';
import { ICON_HEADER_COLUMNS, type WorklistColumn, type WorklistColumnId } from '../lib/worklist-columns';
import { AccessionChip } from './accession-chip';
import { CountdownCell } from './countdown-cell';
import { DocumentCell } from './document-cell';
import { DoctorCell } from './doctor-cell';
import { ExamCell } from './exam-cell';
import { ImageCell } from './image-cell';
import { PatientCell } from './patient-cell';
import { ReportCell } from './report-cell';
import { RowActionsMenu } from './row-actions-menu';
import { StatusChip } from './status-chip';

interface WorklistRowProps {
  exam: Exam;
  columns: readonly WorklistColumn[];
  can: WorklistCapabilities;
  actions: WorklistActions;
  /** The 30 s clock of the count-down column (spec §2). */
  now: number;
  /** The URL hash names this row's accession (spec §2). */
  highlighted: boolean;
}

/**
 * One exam: compact (~36 px), one line, every cell truncating rather than wrapping. Plain tr/td styled once by the
 * table (worklist-table-sx): a page of rows is rendered often (searches, auto refresh, the 30 s clock).
 */
export const WorklistRow = memo(function WorklistRow({
  exam,
  columns,
  can,
  actions,
  now,
  highlighted,
}: WorklistRowProps) {
  const due = countdown(
    exam.expectedDate ? new Date(exam.expectedDate) : null,
    new Date(now),
    exam.status === 'Completed',
  );
  // Spec §2: after the expected date the row shows overdue in red tones (only where the count-down column explains it).
  const overdue = can.countdown && due.tone === 'overdue';

  const cell = (id: WorklistColumnId) => {
    switch (id) {
      case 'status':
        return <StatusChip status={exam.status} reviewerName={exam.reviewerName} />;
      case 'accession':
        return <AccessionChip accession={exam.accessionNumber} linked={can.pacsLink} />;
      case 'examDate':
        return formatDateTime(exam.examDate);
      case 'hn':
        return exam.hn;
      case 'patientName':
        return <PatientCell exam={exam} />;
      case 'age':
        return exam.age ?? '–';
      case 'exam':
        return <ExamCell modality={exam.modality} description={exam.description} />;
      case 'branch':
        return <span title={exam.branchName}>{exam.branchName}</span>;
      case 'countdown':
        return <CountdownCell countdown={due} expectedDate={exam.expectedDate} />;
      case 'doctor':
        return (
          <DoctorCell
            exam={exam}
            onAssign={canAssign(exam, can) ? () => actions.open({ kind: 'assign', exam }) : undefined}
          />
        );
      case 'editBy':
        return <span title={exam.latestReporter ?? undefined}>{exam.latestReporter ?? '–'}</span>;
      case 'documents':
        return (
          <DocumentCell
            kind="document"
            present={exam.hasDocument}
            onOpen={() => actions.open({ kind: 'documents', exam, uploadKind: 'document' })}
          />
        );
      case 'files':
        return (
          <DocumentCell
            kind="file"
            present={exam.hasFile}
            onOpen={() => actions.open({ kind: 'documents', exam, uploadKind: 'file' })}
          />
        );
      case 'images':
        return <ImageCell exam={exam} onOpen={() => actions.openViewer(exam)} />;
      case 'report':
        return <ReportCell exam={exam} allowed={canOpenReport(exam, can)} onOpen={() => actions.openReport(exam)} />;
      case 'actions':
        return <RowActionsMenu exam={exam} can={can} actions={actions} />;
    }
  };

  return (
    <tr
      data-testid="worklist-row"
      data-exam-id={exam.examId}
      data-accession={exam.accessionNumber ?? ''}
      data-status={exam.status}
      data-highlighted={highlighted ? 'true' : undefined}
      data-overdue={overdue ? 'true' : undefined}
      aria-current={highlighted ? 'true' : undefined}
    >
      {columns.map((column) => (
        <td
          key={column.id}
          data-column={column.id}
          data-icon={ICON_HEADER_COLUMNS.has(column.id) ? '' : undefined}
          data-align={column.align}
        >
          {cell(column.id)}
        </td>
      ))}
    </tr>
  );
});
