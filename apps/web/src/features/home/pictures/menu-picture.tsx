import { AccountingPicture } from './accounting-picture';
import { AccountingReportPicture } from './accounting-report-picture';
import { AuditPicture } from './audit-picture';
import { ApiCredentialsPicture } from './api-credentials-picture';
import { BackupPicture } from './backup-picture';
import { BranchReportPicture } from './branch-report-picture';
import { CenterReportPicture } from './center-report-picture';
import { DoctorReportPicture } from './doctor-report-picture';
import { GenericPicture } from './generic-picture';
import { PacsPicture } from './pacs-picture';
import { PatientPicture } from './patient-picture';
import { RecordPicture } from './record-picture';
import { RequestPicture } from './request-picture';

/** Spec §2: each home card has a picture named after its menu code. */
export function MenuPicture({ code }: { code: string }) {
  switch (code) {
    case 'pacs':
      return <PacsPicture />;
    case 'record':
      return <RecordPicture />;
    case 'patient':
      return <PatientPicture />;
    case 'request':
      return <RequestPicture />;
    case 'accounting':
      return <AccountingPicture />;
    case 'branch_report':
      return <BranchReportPicture />;
    case 'center_report':
      return <CenterReportPicture />;
    case 'doctor_report':
      return <DoctorReportPicture />;
    case 'accounting_report':
      return <AccountingReportPicture />;
    case 'admin/audit':
      return <AuditPicture />;
    case 'admin/backup':
      return <BackupPicture />;
    case 'admin/api-credentials':
      return <ApiCredentialsPicture />;
    default:
      return <GenericPicture name={code} />;
  }
}
