import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Message, MessagePage, UnreadMessagesResponse } from '@harbor/contracts';
import { api, parseAnswer } from '../../../shared/api-client/index.ts';
import { MESSAGES_POLL_MS } from '../limits.ts';
import { messagesResponseSchemas } from './lazy-schemas.ts';

export const messageKeys = {
  thread: (transactionId: string) => ['messages', 'thread', transactionId] as const,
  unread: ['messages', 'unread'] as const,
};

function fetchPage(transactionId: string, page: number, signal?: AbortSignal): Promise<MessagePage> {
  return parseAnswer(messagesResponseSchemas(), api.get<unknown>(`/api/transactions/${encodeURIComponent(transactionId)}/messages?page=${page}`, signal), (s, answer) =>
    s.messagePageSchema.parse(answer),
  );
}

/**
 * GET /api/transactions/{id}/messages: page 1 is the newest 100, so "older"
 * is the next page. Every loaded page is asked again every few seconds while
 * the document is visible (TanStack Query pauses the interval when it is
 * hidden); reading page 1 marks the thread read on the server, so the unread
 * counts are refreshed after each load.
 */
export function useMessageThread(transactionId: string) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: messageKeys.thread(transactionId),
    initialPageParam: 1,
    getNextPageParam: (last: MessagePage) => (last.meta.page < last.meta.totalPages ? last.meta.page + 1 : undefined),
    queryFn: async ({ pageParam, signal }) => {
      const page = await fetchPage(transactionId, pageParam, signal);
      if (pageParam === 1) void queryClient.invalidateQueries({ queryKey: messageKeys.unread });
      return page;
    },
    refetchInterval: MESSAGES_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/**
 * The loaded pages as one list, oldest first. New messages shift the page
 * boundaries between loads, so a message can be on two pages: kept once.
 */
export function threadMessages(data: InfiniteData<MessagePage> | undefined): Message[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  // Pages run newest (1) to oldest; each page is oldest to newest.
  for (const page of [...data.pages].reverse())
    for (const m of page.data) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  return out;
}

/** POST /api/transactions/{id}/messages; the sent message joins the newest page at once. */
export function useSendMessage(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string): Promise<Message> =>
      parseAnswer(messagesResponseSchemas(), api.post<unknown>(`/api/transactions/${encodeURIComponent(transactionId)}/messages`, { content }), (s, answer) =>
        s.messageResponseSchema.parse(answer).data,
      ),
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<MessagePage>>(messageKeys.thread(transactionId), (old) => {
        if (!old?.pages.length) return old;
        const [first, ...rest] = old.pages;
        return { ...old, pages: [{ ...first!, data: [...first!.data, message] }, ...rest] };
      });
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(transactionId) });
    },
  });
}

/** GET /api/transactions/unread-messages: `{ transactionId: count }` for the orders list. */
export function useUnreadMessages(enabled = true) {
  return useQuery({
    queryKey: messageKeys.unread,
    enabled,
    refetchInterval: MESSAGES_POLL_MS * 3,
    queryFn: ({ signal }): Promise<UnreadMessagesResponse> =>
      parseAnswer(messagesResponseSchemas(), api.get<unknown>('/api/transactions/unread-messages', signal), (s, answer) => s.unreadMessagesResponseSchema.parse(answer)),
  });
}
