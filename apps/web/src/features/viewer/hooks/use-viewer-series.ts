import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { instancesQuery, overlayExamQuery, seriesRetrieveUrl } from '../api/viewer-queries';
import { imageIdsOf } from '../cornerstone/image-ids';
import { sliceGeometry } from '../lib/slice-geometry';

/**
 * The series of the address (DicomViewer/{examId}/{seriesId}/{orientation}?token): its instances and exam, read with
 * the exam token, and what the viewer makes of them (image ids, the series' retrieve URL, the slices' geometry).
 */
export function useViewerSeries() {
  const { examId = '', seriesId = '', orientation = '' } = useParams();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const target = useMemo(() => ({ examId, seriesId, orientation, token }), [examId, seriesId, orientation, token]);
  const instances = useQuery(instancesQuery(target, true));
  const exam = useQuery(overlayExamQuery(examId, token));
  const imageIds = useMemo(
    () => (instances.data ? imageIdsOf(instances.data.instances, token, window.location.origin) : null),
    [instances.data, token],
  );
  const seriesUrl = useMemo(
    () => (instances.data ? seriesRetrieveUrl(instances.data, token) : null),
    [instances.data, token],
  );
  const geometry = useMemo(
    () => (instances.data ? sliceGeometry(instances.data.instances, instances.data.frameOfReferenceUid) : null),
    [instances.data],
  );
  return { examId, token, instances, exam, imageIds, seriesUrl, geometry };
}
