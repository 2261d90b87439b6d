import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  availabilityExceptionSchema,
  imageAssetSchema,
  listingPageSchema,
  listingSchema,
  listingWriteResponseSchema,
  orderLineResponseSchema,
  stockResponseSchema,
  type ImageAsset,
  type Listing,
  type ListingWriteBody,
  type OrderLineBody,
} from '@harbor/contracts';
import { z } from 'zod';
import { api, ApiRequestError, publicApi, session } from '../../../shared/api-client/index.ts';

export const listingKeys = {
  all: ['listings'] as const,
  search: (query: string) => ['listings', 'search', query] as const,
  one: (id: string) => ['listings', 'one', id] as const,
  own: (id: string) => ['listings', 'own', id] as const,
  ownPage: (page: number) => ['listings', 'own-page', page] as const,
  alternatives: (id: string) => ['listings', 'alternatives', id] as const,
  exceptions: (id: string) => ['listings', 'exceptions', id] as const,
  operator: (state: string) => ['listings', 'operator', state] as const,
};

/** GET /api/listings?…: the search page (24 per page); `query` is the URL's search string. */
export function useListingSearch(query: string) {
  return useQuery({
    queryKey: listingKeys.search(query),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => listingPageSchema.parse(await publicApi.get<unknown>(`/api/listings?${query}`, signal)),
  });
}

/** GET /api/listings/{id}; signed-in callers go with their token so own drafts are visible to them. */
export function useListing(id: string | undefined, signedIn: boolean) {
  return useQuery({
    queryKey: [...listingKeys.one(id ?? ''), signedIn],
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => {
      const path = `/api/listings/${encodeURIComponent(id ?? '')}`;
      return listingSchema.parse(await (signedIn ? api : publicApi).get<unknown>(path, signal));
    },
  });
}

export function useAlternatives(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.alternatives(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      z.object({ data: z.array(listingSchema) }).parse(await publicApi.get<unknown>(`/api/listings/${id}/alternatives`, signal)).data,
  });
}

/** POST /api/listings/{id}/order-line/validate: the server re-checks the line and recomputes its price. */
export function useValidateOrderLine(id: string) {
  return useMutation({
    mutationFn: async (line: OrderLineBody) => orderLineResponseSchema.parse(await api.post<unknown>(`/api/listings/${id}/order-line/validate`, line)),
  });
}

export function useOwnListings(page: number) {
  return useQuery({
    queryKey: listingKeys.ownPage(page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => listingPageSchema.parse(await api.get<unknown>(`/api/own-listings?page=${page}`, signal)),
  });
}

export function useOwnListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.own(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => listingSchema.parse(await api.get<unknown>(`/api/own-listings/${id}`, signal)),
  });
}

/** Create (no id) or update an own listing; answers the listing and the non-blocking warnings. */
export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ListingWriteBody }) =>
      listingWriteResponseSchema.parse(id ? await api.patch<unknown>(`/api/own-listings/${id}`, body) : await api.post<unknown>('/api/own-listings', body)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(listingKeys.own(data.id), data);
      void queryClient.invalidateQueries({ queryKey: ['listings', 'own-page'] });
    },
  });
}

export function useTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, name }: { id: string; name: 'publish' | 'open' | 'close' }) =>
      listingWriteResponseSchema.parse(await api.post<unknown>(`/api/own-listings/${id}/${name}`)),
    onSuccess: ({ data }) => {
      queryClient.setQueryData(listingKeys.own(data.id), data);
      void queryClient.invalidateQueries({ queryKey: ['listings', 'own-page'] });
    },
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (listing: Pick<Listing, 'id' | 'title'>) => api.post<unknown>('/api/listings/delete', { id: listing.id, title: listing.title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

/**
 * Stock compare-and-set. On `old-total-mismatch` the caller shows "Stock out of
 * sync", refreshes the listing and lets the seller retry with the new total.
 */
export function useSetStock(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { oldTotal: number | null; newTotal: number }) =>
      stockResponseSchema.parse(await api.post<unknown>(`/api/listings/${id}/stock`, body)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.own(id) }),
  });
}

export function isStockOutOfSync(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  return error.code === 'old-total-mismatch';
}

export function useRemoveImage(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) =>
      listingWriteResponseSchema.parse(await session.request<unknown>(`/api/listings/${id}/images/${imageId}`, { method: 'DELETE' })),
    onSuccess: ({ data }) => queryClient.setQueryData(listingKeys.own(data.id), data),
  });
}

/**
 * PUT /api/listings/{id}/images/order: shown at once, undone if the server
 * refuses (e.g. images changed in another tab), then refetched.
 */
export function useReorderImages(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageIds: string[]) =>
      listingWriteResponseSchema.parse(await session.request<unknown>(`/api/listings/${id}/images/order`, { method: 'PUT', body: { imageIds } })),
    onMutate: async (imageIds) => {
      await queryClient.cancelQueries({ queryKey: listingKeys.own(id) });
      const previous = queryClient.getQueryData<Listing>(listingKeys.own(id));
      if (previous) {
        const byId = new Map(previous.images.map((img) => [img.id, img]));
        const images = imageIds.flatMap((x) => byId.get(x) ?? []);
        queryClient.setQueryData(listingKeys.own(id), { ...previous, images });
      }
      return { previous };
    },
    onError: (_error, _ids, context) => {
      if (context?.previous) queryClient.setQueryData(listingKeys.own(id), context.previous);
      void queryClient.invalidateQueries({ queryKey: listingKeys.own(id) });
    },
    onSuccess: ({ data }) => {
      queryClient.setQueryData(listingKeys.own(id), data);
      void queryClient.invalidateQueries({ queryKey: ['listings', 'own-page'] });
    },
  });
}

/** POST /api/listings/{id}/images (multipart field "image") with upload progress (0-1). */
export async function uploadListingImage(id: string, file: File, onProgress: (fraction: number) => void): Promise<ImageAsset> {
  const token = await session.getAccessToken();
  const body = new FormData();
  body.append('image', file);
  const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/listings/${id}/images`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new ApiRequestError('network', 0));
    xhr.send(body);
  });
  if (answer.status >= 400) {
    let parsed: { apiErrors?: { code: string; status: number; meta?: Record<string, unknown> }[] } = {};
    try {
      parsed = JSON.parse(answer.text) as typeof parsed;
    } catch {
      // fall through to the status alone
    }
    const first = parsed.apiErrors?.[0];
    throw new ApiRequestError((first?.code ?? 'internal-error') as never, answer.status, first?.meta);
  }
  return imageAssetSchema.parse(JSON.parse(answer.text));
}

const exceptionList = z.object({ data: z.array(availabilityExceptionSchema) });

/** Exceptions of the next 90 days (the availability window). */
export function useAvailabilityExceptions(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.exceptions(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      const start = new Date();
      start.setMinutes(0, 0, 0);
      const end = new Date(start.getTime() + 89 * 86_400_000);
      const q = new URLSearchParams({ start: start.toISOString(), end: end.toISOString() });
      return exceptionList.parse(await api.get<unknown>(`/api/listings/${id}/availability-exceptions?${q}`, signal)).data;
    },
  });
}

export function useAddException(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { start: string; end: string; seats: number }) =>
      availabilityExceptionSchema.parse(await api.post<unknown>(`/api/listings/${id}/availability-exceptions`, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.exceptions(id) }),
  });
}

export function useDeleteException(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (exceptionId: string) =>
      session.request<unknown>(`/api/listings/${id}/availability-exceptions/${exceptionId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.exceptions(id) }),
  });
}

/** The operator console's queue. */
export function useOperatorListings(state: 'pendingApproval') {
  return useQuery({
    queryKey: listingKeys.operator(state),
    queryFn: async ({ signal }) => listingPageSchema.parse(await api.get<unknown>(`/api/operator/listings?state=${state}`, signal)),
  });
}

export function useOperatorDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      listingSchema.parse(await api.post<unknown>(`/api/operator/listings/${id}/${decision}`)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

/** One own listing, outside a hook (the stock refresh after "Stock out of sync"). */
export async function fetchOwnListing(id: string): Promise<Listing> {
  const listing = listingSchema.parse(await api.get<unknown>(`/api/own-listings/${id}`));
  return listing;
}
