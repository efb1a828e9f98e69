import type { CurrentUser } from '../../auth/current-user';
import type { LocalDicomArchive } from '../../dicom/archive/local-archive';
import { studyVisibility } from '../../auth/data-scope/study-scope';
import { dicomwebError } from '../../dicom/dicomweb/dicomweb.errors';
import type { DicomwebRepository } from '../../dicom/query/dicomweb.repository';
import { InstanceRenderer, pixelAspectOf } from '../../dicom/dicomweb/render-instance';
import { viewerError } from './viewer.errors';
import type { ViewerService } from './viewer.service';

/** High enough that the swap to the viewer's own drawing of the same slice is not seen; small enough to send at once. */
export const PREVIEW_QUALITY = 90;

/**
 * The image DicomViewer shows first (the stack's first instance, its first frame), rendered on the server through the
 * file's VOI window, as the viewer itself would draw it (decision V15). The page shows it while the viewer's code
 * loads and hides it when the viewer has drawn the same slice.
 */
export class FirstImagePreview {
  private readonly renderer: InstanceRenderer;

  constructor(
    private readonly repo: DicomwebRepository,
    archive: LocalDicomArchive,
    private readonly viewer: ViewerService,
  ) {
    this.renderer = new InstanceRenderer(archive);
  }

  /** JPEG of the first image of the series (one orientation group of it), in the caller's scope; 404 when none. */
  async render(user: CurrentUser, examId: string, seriesId: string, orientation: string | undefined): Promise<Buffer> {
    const first = await this.viewer.firstInstance(user, examId, seriesId, orientation);
    if (!first) throw viewerError('SERIES_EMPTY');
    const [row] = await this.repo.storedInstances(
      { study: first.studyInstanceUid, series: first.seriesInstanceUid, sop: first.sopInstanceUid },
      studyVisibility(user),
    );
    if (!row) throw dicomwebError('IMAGE_NOT_FOUND');
    if (row.archived) throw dicomwebError('DICOM_ARCHIVED');
    const loaded = await this.renderer.load(row);
    // Non-square pixels (some US, CR, scanned films) are stretched as the viewer draws them, so the swap is not seen.
    return this.renderer.render(
      loaded,
      0,
      { quality: PREVIEW_QUALITY, pixelAspect: pixelAspectOf(loaded) },
      'image/jpeg',
      false,
    );
  }
}
