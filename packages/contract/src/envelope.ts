import { z } from 'zod';

/** One field's validation problem, as a 400 answer lists them. */
export const FieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof FieldErrorSchema>;

/** Every JSON answer: `{ success, data?, message? }` (ARCHITECTURE §4). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), data: data.optional(), message: z.string().optional() });
}

export const ErrorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(FieldErrorSchema).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;
