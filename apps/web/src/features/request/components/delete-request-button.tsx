import DeleteRounded from '@mui/icons-material/DeleteRounded';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '@/api/me';
import { fetchDeleteReasons, useDeleteRequest } from '../api/request-mutations';
import { DeleteReasonDialog } from './delete-reason-dialog';

/** How long the list shows "deleted" after the form hands over (as a saved request's notice, spec §4). */
const NOTICE_MS = 10_000;

/**
 * The request form's Delete request (spec §2 delete-reason dialog, §6 REQUEST_DELETE): the reasons come from GET
 * deleteReason; once deleted the list opens with the success message. The server's refusal (images, report,
 * assigned doctor, already deleted) stays in the dialog. Shown only with REQUEST_DELETE, the server's rule too.
 */
export function DeleteRequestButton({ requestId }: { requestId: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteRequest();
  const [reasons, setReasons] = useState<string[] | null>(null);
  const may = useCurrentUser().permissions.includes('REQUEST_DELETE');
  const open = async () => {
    remove.reset();
    setReasons(
      await fetchDeleteReasons(requestId)
        .then((r) => r.reasonOptions)
        .catch(() => []),
    );
  };
  if (!may) return null;
  return (
    <>
      <Button
        color="error"
        startIcon={<DeleteRounded />}
        onClick={() => void open()}
        data-testid="request-delete"
        sx={{ mr: 'auto' }}
      >
        {t('request.delete.one')}
      </Button>
      {reasons !== null ? (
        <DeleteReasonDialog
          reasons={reasons}
          busy={remove.isPending}
          error={remove.error ? remove.error.message || t('error.generic') : null}
          onCancel={() => setReasons(null)}
          onConfirm={(remark) =>
            remove.mutate(
              { id: requestId, remark },
              {
                onSuccess: () =>
                  void navigate('/request', {
                    state: { savedNotice: t('request.delete.done'), hideAt: Date.now() + NOTICE_MS },
                  }),
              },
            )
          }
        />
      ) : null}
    </>
  );
}
