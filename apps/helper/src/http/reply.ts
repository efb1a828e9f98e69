/** What a route answers: the protocol's JSON envelope, or a file (scanner/file only). */
export type Reply =
  | { status: number; body: { success: boolean; data?: unknown; message?: string } }
  | { status: 200; file: { path: string; contentType: string; fileName: string } };

export const ok = (data: unknown, status = 200): Reply => ({ status, body: { success: true, data } });
export const fail = (status: number, message: string): Reply => ({ status, body: { success: false, message } });

/** A refusal a route throws with its status and message (bad input: 400, a clash: 409 …). */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
