import { CHAT_ACCOUNT_CHANNEL, CHAT_ACCOUNT_LINKED_MESSAGE, type ChatAccount } from '@rangsi/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/api/api-client';
import { meQueryOptions } from '@/api/me';

const isLinkedMessage = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { type?: unknown }).type === CHAT_ACCOUNT_LINKED_MESSAGE;

/**
 * Reloads the user's claims when the LINE Login popup says it linked (decision ln04): its postMessage, from this
 * origin only, or its same-origin BroadcastChannel message when LINE's pages cut the popup off from its opener.
 */
export function useLineLinkedListener() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && isLinkedMessage(event.data)) refresh();
    };
    window.addEventListener('message', onMessage);
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHAT_ACCOUNT_CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent) => {
      if (isLinkedMessage(event.data)) refresh();
    });
    return () => {
      window.removeEventListener('message', onMessage);
      channel?.close();
    };
  }, [queryClient]);
}

/** POST /api/chat-account/line/unlink, then the claims again (the header and drawer lose the LINE name). */
export function useUnlinkLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ChatAccount>('/api/chat-account/line/unlink', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey }),
  });
}
