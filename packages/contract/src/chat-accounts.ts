import { z } from 'zod';

/**
 * LINE Login's redirect back to GET /api/chat-account/line/callback: a code and the state, or an error (the user
 * cancelled). Every field optional: a missing one is answered on the page, in words, not as a schema message.
 */
export const LineCallbackQuerySchema = z.object({
  code: z.string().max(512).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
  // LINE adds these when the user declined a friendship or a permission; read, not used.
  friendship_status_changed: z.string().max(10).optional(),
});
export type LineCallbackQuery = z.infer<typeof LineCallbackQuerySchema>;

/** The user's chat account after a change: the claims' lineName (null once unlinked). */
export const ChatAccountSchema = z.object({ lineName: z.string().nullable() });
export type ChatAccount = z.infer<typeof ChatAccountSchema>;

/** What the Rangsi callback page tells the window that opened it (postMessage and BroadcastChannel, same origin). */
export const CHAT_ACCOUNT_LINKED_MESSAGE = 'rangsi:chat-account-linked';
export const CHAT_ACCOUNT_CHANNEL = 'rangsi-chat-account';
