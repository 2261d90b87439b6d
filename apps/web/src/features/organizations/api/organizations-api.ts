import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrganizationPortBody } from '@harbor/contracts';
import { api, errorFromFetch, parseAnswer, publicApi, session } from './http.ts';
import { organizationsResponseSchemas } from './lazy-schemas.ts';

export const organizationKeys = {
  one: (id: string) => ['organizations', id] as const,
  ports: (id: string) => ['organizations', id, 'ports'] as const,
  list: (port: string, signedIn: boolean) => ['organizations', 'port', port, signedIn] as const,
};

/** Signed in, the token goes along: contact fields (and buyers' organizations) are not shown to anonymous callers. */
const getMaybeSignedIn = (path: string, signal: AbortSignal) =>
  session.isAuthenticated() ? session.request<unknown>(path, { signal }) : publicApi.get<unknown>(path, signal);

export function useOrganization(id: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.one(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      parseAnswer(organizationsResponseSchemas(), getMaybeSignedIn(`/v1/marketplace/organizations/${id}`, signal), (s, answer) =>
        s.organizationSchema.parse(answer),
      ),
  });
}

export function useOrganizationPorts(id: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.ports(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) =>
      parseAnswer(organizationsResponseSchemas(), getMaybeSignedIn(`/v1/marketplace/organizations/${id}/ports`, signal), (s, answer) =>
        s.organizationPortListSchema.parse(answer).data,
      ),
  });
}

/** A port's seller organizations: the server answers an empty list unless signed in. */
export function usePortOrganizations(port: string, signedIn: boolean) {
  return useQuery({
    queryKey: organizationKeys.list(port, signedIn),
    enabled: signedIn,
    queryFn: async ({ signal }) =>
      parseAnswer(organizationsResponseSchemas(), api.get<unknown>(`/v1/marketplace/organizations?port=${encodeURIComponent(port)}`, signal), (s, answer) =>
        s.organizationListSchema.parse(answer).data,
      ),
  });
}

/** POST …/profile as multipart: text fields plus logoImage / iconImage / mainImage files when given. */
export function useSaveProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => {
      const token = await session.getAccessToken();
      const answer = async (): Promise<unknown> => {
        const res = await fetch(`/v1/marketplace/organizations/${id}/profile`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
          body: form,
          credentials: 'include',
        });
        if (!res.ok) throw await errorFromFetch(res);
        return res.json();
      };
      return parseAnswer(organizationsResponseSchemas(), answer(), (s, org) => s.organizationSchema.parse(org));
    },
    onSuccess: (org) => queryClient.setQueryData(organizationKeys.one(id), org),
  });
}

export function useSavePort(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ portId, body }: { portId: string | null; body: OrganizationPortBody }) =>
      parseAnswer(
        organizationsResponseSchemas(),
        portId
          ? session.request<unknown>(`/v1/marketplace/organizations/${id}/ports/${portId}`, { method: 'PUT', body })
          : api.post<unknown>(`/v1/marketplace/organizations/${id}/ports`, body),
        (s, answer) => s.organizationPortSchema.parse(answer),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.ports(id) }),
  });
}
