import { defineErrors } from '../../http/domain-error';

/** Why a backup cannot start from the admin page. */
export const backupError = defineErrors({
  BACKUP_UNSUPPORTED: 'conflict',
  BACKUP_RUNNING: 'conflict',
});
