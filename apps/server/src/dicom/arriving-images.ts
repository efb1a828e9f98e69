/**
 * Exams whose images are on their way (the demo's generated images while they are written): the worklist shows
 * "กำลังรับภาพ" (images arriving) for them instead of "no images", until their study is linked. In memory: the
 * background run fills it at start and takes each exam out once its images are in.
 */
export class ArrivingImages {
  private readonly ids = new Set<string>();

  set(examIds: Iterable<string>): void {
    this.ids.clear();
    for (const id of examIds) this.ids.add(id);
  }

  done(examId: string): void {
    this.ids.delete(examId);
  }

  clear(): void {
    this.ids.clear();
  }

  has(examId: string): boolean {
    return this.ids.has(examId);
  }

  get size(): number {
    return this.ids.size;
  }
}
