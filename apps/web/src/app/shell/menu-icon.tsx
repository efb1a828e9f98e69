import AccountBalanceWalletRounded from '@mui/icons-material/AccountBalanceWalletRounded';
import AssessmentRounded from '@mui/icons-material/AssessmentRounded';
import AssignmentTurnedInRounded from '@mui/icons-material/AssignmentTurnedInRounded';
import BadgeRounded from '@mui/icons-material/BadgeRounded';
import BackupRounded from '@mui/icons-material/BackupRounded';
import KeyRounded from '@mui/icons-material/KeyRounded';
import HistoryRounded from '@mui/icons-material/HistoryRounded';
import FolderRounded from '@mui/icons-material/FolderRounded';
import LocalHospitalRounded from '@mui/icons-material/LocalHospitalRounded';
import MedicalServicesRounded from '@mui/icons-material/MedicalServicesRounded';
import NoteAddRounded from '@mui/icons-material/NoteAddRounded';
import ReceiptLongRounded from '@mui/icons-material/ReceiptLongRounded';
import ScreenSearchDesktopRounded from '@mui/icons-material/ScreenSearchDesktopRounded';
import type { SvgIconProps } from '@mui/material/SvgIcon';

/** The drawer's small icon for a menu code; the home page has full pictures instead. */
export function MenuIcon({ code, ...props }: { code: string } & SvgIconProps) {
  switch (code) {
    case 'pacs':
      return <ScreenSearchDesktopRounded {...props} />;
    case 'record':
      return <AssignmentTurnedInRounded {...props} />;
    case 'patient':
      return <BadgeRounded {...props} />;
    case 'request':
      return <NoteAddRounded {...props} />;
    case 'accounting':
      return <AccountBalanceWalletRounded {...props} />;
    case 'branch_report':
      return <AssessmentRounded {...props} />;
    case 'center_report':
      return <LocalHospitalRounded {...props} />;
    case 'doctor_report':
      return <MedicalServicesRounded {...props} />;
    case 'accounting_report':
      return <ReceiptLongRounded {...props} />;
    case 'admin/audit':
      return <HistoryRounded {...props} />;
    case 'admin/backup':
      return <BackupRounded {...props} />;
    case 'admin/api-credentials':
      return <KeyRounded {...props} />;
    default:
      return <FolderRounded {...props} />;
  }
}
