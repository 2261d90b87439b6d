import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Attachment } from '@harbor/contracts';
import { ApiRequestError, errorFromResponse } from '../../../shared/api-client/api-error.ts';
import { api, parseAnswer, session } from '../../../shared/api-client/index.ts';
import { messagesResponseSchemas } from './lazy-schemas.ts';

export const attachmentKeys = {
  list: (transactionId: string) => ['messages', 'attachments', transactionId] as const,
};

const uploadPath = (transactionId: string) => `/v1/marketplace/transaction/${encodeURIComponent(transactionId)}/attachment`;

/** GET /api/transactions/{id}/attachments, oldest first. */
export function useAttachments(transactionId: string) {
  return useQuery({
    queryKey: attachmentKeys.list(transactionId),
    queryFn: ({ signal }): Promise<Attachment[]> =>
      parseAnswer(messagesResponseSchemas(), api.get<unknown>(`/api/transactions/${encodeURIComponent(transactionId)}/attachments`, signal), (s, answer) =>
        s.attachmentListSchema.parse(answer).data,
      ),
  });
}

/**
 * POST /v1/marketplace/transaction/{id}/attachment (multipart, field "file").
 * XMLHttpRequest rather than fetch: only it reports upload progress (0-1).
 */
export async function uploadAttachment(transactionId: string, file: File, onProgress: (fraction: number) => void): Promise<Attachment> {
  const schemas = messagesResponseSchemas();
  const token = await session.getAccessToken();
  const answer = new Promise<unknown>((resolve, reject) => {
    const body = new FormData();
    body.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', uploadPath(transactionId));
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onerror = () => reject(new ApiRequestError('network', 0));
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText));
        } catch {
          reject(new ApiRequestError('internal-error', xhr.status));
        }
        return;
      }
      // The same normalisation as every other call: the catalogue's code, or one that fits the status.
      errorFromResponse(new Response(xhr.responseText || null, { status: xhr.status })).then(reject, reject);
    };
    xhr.send(body);
  });
  return parseAnswer(schemas, answer, (s, a) => s.attachmentResponseSchema.parse(a).data);
}

export function useUploadAttachment(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (fraction: number) => void }) => uploadAttachment(transactionId, file, onProgress),
    onSuccess: (attachment) => {
      queryClient.setQueryData<Attachment[]>(attachmentKeys.list(transactionId), (old) => (old ? [...old.filter((a) => a.id !== attachment.id), attachment] : old));
      void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(transactionId) });
    },
  });
}

/** DELETE /v1/marketplace/transaction/{id}/attachment with `{ url }`: the uploader or the operator only. */
export function useDeleteAttachment(transactionId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachment: Attachment) => session.request<void>(uploadPath(transactionId), { method: 'DELETE', body: { url: attachment.url } }),
    onSuccess: (_answer, attachment) => {
      queryClient.setQueryData<Attachment[]>(attachmentKeys.list(transactionId), (old) => old?.filter((a) => a.id !== attachment.id));
      void queryClient.invalidateQueries({ queryKey: attachmentKeys.list(transactionId) });
    },
  });
}

/**
 * Downloads need the bearer token, which a plain link cannot carry: the file
 * is fetched with it and handed to the browser as a download under its name.
 */
export async function downloadAttachment(attachment: Pick<Attachment, 'name' | 'url'>): Promise<void> {
  const token = await session.getAccessToken();
  let res: Response;
  try {
    res = await fetch(attachment.url, { headers: { authorization: `Bearer ${token}` }, credentials: 'include' });
  } catch {
    throw new ApiRequestError('network', 0);
  }
  if (!res.ok) throw await errorFromResponse(res);
  const href = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = href;
    a.download = attachment.name;
    a.rel = 'noopener';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Revoked after the click has been handled; the download keeps its own copy.
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  }
}
