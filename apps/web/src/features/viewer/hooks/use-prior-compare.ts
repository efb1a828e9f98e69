import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { instancesQuery, overlayExamQuery, seriesRetrieveUrl } from '../api/viewer-queries';
import type { PickedPrior } from '../components/prior-picker';
import { imageIdsOf } from '../cornerstone/image-ids';
import { infosOf } from '../lib/image-view';
import { sliceGeometry, type SliceGeometry } from '../lib/slice-geometry';
import { openingAnchor, type SyncAnchor } from '../lib/slice-sync';
import type { ViewerLayout } from '../lib/viewer-layout';
import { useStackViewer } from './use-stack-viewer';

/**
 * Compare (1×2): the prior chosen in the picker, read with its own token, on a stack of its own; the anchor pairs the
 * two slices shown, and `linked` says whether scrolling one scrolls the other.
 */
export function usePriorCompare(layout: ViewerLayout, geometry: SliceGeometry | null, mainIndex: number) {
  const [picked, setPicked] = useState<PickedPrior | null>(null);
  const [anchor, setAnchor] = useState<SyncAnchor | null>(null);
  const [linked, setLinked] = useState(true);
  const priorTarget = picked
    ? {
        examId: picked.prior.examId,
        seriesId: picked.series.seriesId,
        orientation: picked.series.imageOrientationPatient ?? '',
        token: picked.prior.token,
      }
    : null;
  const priorInstances = useQuery(instancesQuery(priorTarget));
  const priorExam = useQuery(
    overlayExamQuery(priorTarget?.examId ?? '', priorTarget?.token ?? '', priorTarget !== null),
  );
  const priorGeometry = useMemo(
    () =>
      priorInstances.data
        ? sliceGeometry(priorInstances.data.instances, priorInstances.data.frameOfReferenceUid)
        : null,
    [priorInstances.data],
  );
  const priorIds = useMemo(
    () =>
      priorInstances.data && picked
        ? imageIdsOf(priorInstances.data.instances, picked.prior.token, window.location.origin)
        : null,
    [priorInstances.data, picked],
  );
  // The prior opens at the slice matching the one shown now (decision V11); the anchor is fixed until relinked.
  if (layout === 'compare' && geometry && priorGeometry && priorGeometry.count > 0 && !anchor)
    setAnchor(openingAnchor(geometry, priorGeometry, mainIndex));
  const priorSeriesUrl = useMemo(
    () => (priorInstances.data && picked ? seriesRetrieveUrl(priorInstances.data, picked.prior.token) : null),
    [priorInstances.data, picked],
  );
  const priorStack = useMemo(
    () =>
      priorIds && anchor && layout === 'compare'
        ? {
            imageIds: priorIds,
            initialIndex: anchor.target,
            seriesUrl: priorSeriesUrl,
            infos: priorInstances.data ? infosOf(priorInstances.data.instances) : undefined,
          }
        : null,
    [priorIds, anchor, layout, priorSeriesUrl, priorInstances.data],
  );
  const prior = useStackViewer(priorStack);
  return {
    picked,
    setPicked,
    anchor,
    setAnchor,
    linked,
    setLinked,
    priorInstances,
    priorExam,
    priorGeometry,
    prior,
  };
}
