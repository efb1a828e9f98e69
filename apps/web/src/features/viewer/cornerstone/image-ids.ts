/** One instance as GET /api/exam/{id}/series/{seriesId}/instances lists it. */
export interface ViewerInstance {
  sopInstanceUid: string;
  numberOfFrames: number;
  wadoUri: string;
}

/**
 * Cornerstone image ids (wadouri:) for a series, one per frame of a multi-frame instance. The exam token rides on
 * each URL because the frame may run without the session cookie (spec §2). `frame=` must come last: the loader
 * cuts the URL there.
 */
export function imageIdsOf(instances: ViewerInstance[], token: string, origin: string): string[] {
  const ids: string[] = [];
  for (const inst of instances) {
    const url = `wadouri:${new URL(inst.wadoUri, origin).href}&token=${encodeURIComponent(token)}`;
    if (inst.numberOfFrames > 1) for (let f = 1; f <= inst.numberOfFrames; f++) ids.push(`${url}&frame=${f}`);
    else ids.push(url);
  }
  return ids;
}

/** The id of the whole instance behind a frame's id (what the wadouri loader keys its parsed file by). */
export function baseImageId(imageId: string): string {
  const at = imageId.indexOf('frame=');
  return at < 0 ? imageId : imageId.slice(0, at - 1);
}

/** The URL a wadouri id fetches. */
export function urlOfImageId(imageId: string): string {
  return baseImageId(imageId).slice(imageId.indexOf(':') + 1);
}
