import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImageAsset, Listing, ListingWriteBody, OrderLineBody } from '@harbor/contracts';
import { api, ApiRequestError, parseAnswer, publicApi, session } from '../../../shared/api-client/index.ts';
import { listingsResponseSchemas } from './lazy-schemas.ts';

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
    queryFn: async ({ signal }) =>
      parseAnswer(listingsResponseSchemas(), publicApi.get<unknown>(`/api/listings?${query}`, signal), (s, answer) => s.listingPageSchema.parse(answer)),
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
      return parseAnswer(listingsResponseSchemas(), (signedIn ? api : publicApi).get<unknown>(path, signal), (s, answer) => s.listingSchema.parse(answer));
    },
  });
}

export function useAlternatives(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.alternatives(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      parseAnswer(listingsResponseSchemas(), publicApi.get<unknown>(`/api/listings/${id}/alternatives`, signal), (s, answer) => s.listingListSchema.parse(answer).data),
  });
}

/** POST /api/listings/{id}/order-line/validate: the server re-checks the line and recomputes its price. */
export function useValidateOrderLine(id: string) {
  return useMutation({
    mutationFn: async (line: OrderLineBody) =>
      parseAnswer(listingsResponseSchemas(), api.post<unknown>(`/api/listings/${id}/order-line/validate`, line), (s, answer) => s.orderLineResponseSchema.parse(answer)),
  });
}

export function useOwnListings(page: number) {
  return useQuery({
    queryKey: listingKeys.ownPage(page),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      parseAnswer(listingsResponseSchemas(), api.get<unknown>(`/api/own-listings?page=${page}`, signal), (s, answer) => s.listingPageSchema.parse(answer)),
  });
}

export function useOwnListing(id: string | undefined) {
  return useQuery({
    queryKey: listingKeys.own(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      parseAnswer(listingsResponseSchemas(), api.get<unknown>(`/api/own-listings/${id}`, signal), (s, answer) => s.listingSchema.parse(answer)),
  });
}

/** Create (no id) or update an own listing; answers the listing and the non-blocking warnings. */
export function useSaveListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string | null; body: ListingWriteBody }) =>
      parseAnswer(
        listingsResponseSchemas(),
        id ? api.patch<unknown>(`/api/own-listings/${id}`, body) : api.post<unknown>('/api/own-listings', body),
        (s, answer) => s.listingWriteResponseSchema.parse(answer),
      ),
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
      parseAnswer(listingsResponseSchemas(), api.post<unknown>(`/api/own-listings/${id}/${name}`), (s, answer) => s.listingWriteResponseSchema.parse(answer)),
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
      parseAnswer(listingsResponseSchemas(), api.post<unknown>(`/api/listings/${id}/stock`, body), (s, answer) => s.stockResponseSchema.parse(answer)),
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
      parseAnswer(listingsResponseSchemas(), session.request<unknown>(`/api/listings/${id}/images/${imageId}`, { method: 'DELETE' }), (s, answer) =>
        s.listingWriteResponseSchema.parse(answer),
      ),
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
      parseAnswer(listingsResponseSchemas(), session.request<unknown>(`/api/listings/${id}/images/order`, { method: 'PUT', body: { imageIds } }), (s, answer) =>
        s.listingWriteResponseSchema.parse(answer),
      ),
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
  const upload = async (): Promise<unknown> => {
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
    return JSON.parse(answer.text) as unknown;
  };
  return parseAnswer(listingsResponseSchemas(), upload(), (s, answer) => s.imageAssetSchema.parse(answer));
}

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
      return parseAnswer(listingsResponseSchemas(), api.get<unknown>(`/api/listings/${id}/availability-exceptions?${q}`, signal), (s, answer) =>
        s.availabilityExceptionListSchema.parse(answer).data,
      );
    },
  });
}

export function useAddException(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { start: string; end: string; seats: number }) =>
      parseAnswer(listingsResponseSchemas(), api.post<unknown>(`/api/listings/${id}/availability-exceptions`, body), (s, answer) => s.availabilityExceptionSchema.parse(answer)),
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
    queryFn: async ({ signal }) =>
      parseAnswer(listingsResponseSchemas(), api.get<unknown>(`/api/operator/listings?state=${state}`, signal), (s, answer) => s.listingPageSchema.parse(answer)),
  });
}

export function useOperatorDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      parseAnswer(listingsResponseSchemas(), api.post<unknown>(`/api/operator/listings/${id}/${decision}`), (s, answer) => s.listingSchema.parse(answer)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
  });
}

/** One own listing, outside a hook (the stock refresh after "Stock out of sync"). */
export async function fetchOwnListing(id: string): Promise<Listing> {
  return parseAnswer(listingsResponseSchemas(), api.get<unknown>(`/api/own-listings/${id}`), (s, answer) => s.listingSchema.parse(answer));
}
