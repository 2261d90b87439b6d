import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  organizationListSchema,
  organizationPortListSchema,
  organizationPortSchema,
  organizationSchema,
  type OrganizationPortBody,
} from '@harbor/contracts';
import { api, errorFromFetch, publicApi, session } from './http.ts';

export const organizationKeys = {
  one: (id: string) => ['organizations', id] as const,
  ports: (id: string) => ['organizations', id, 'ports'] as const,
  list: (port: string, signedIn: boolean) => ['organizations', 'port', port, signedIn] as const,
};

export function useOrganization(id: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.one(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) => organizationSchema.parse(await publicApi.get<unknown>(`/v1/marketplace/organizations/${id}`, signal)),
  });
}

export function useOrganizationPorts(id: string | undefined) {
  return useQuery({
    queryKey: organizationKeys.ports(id ?? ''),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => organizationPortListSchema.parse(await publicApi.get<unknown>(`/v1/marketplace/organizations/${id}/ports`, signal)).data,
  });
}

/** A port's seller organizations: the server answers an empty list unless signed in. */
export function usePortOrganizations(port: string, signedIn: boolean) {
  return useQuery({
    queryKey: organizationKeys.list(port, signedIn),
    enabled: signedIn,
    queryFn: async ({ signal }) =>
      organizationListSchema.parse(await api.get<unknown>(`/v1/marketplace/organizations?port=${encodeURIComponent(port)}`, signal)).data,
  });
}

/** POST …/profile as multipart: text fields plus logoImage / iconImage / mainImage files when given. */
export function useSaveProfile(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => {
      const token = await session.getAccessToken();
      const res = await fetch(`/v1/marketplace/organizations/${id}/profile`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        body: form,
        credentials: 'include',
      });
      if (!res.ok) throw await errorFromFetch(res);
      return organizationSchema.parse(await res.json());
    },
    onSuccess: (org) => queryClient.setQueryData(organizationKeys.one(id), org),
  });
}

export function useSavePort(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ portId, body }: { portId: string | null; body: OrganizationPortBody }) =>
      organizationPortSchema.parse(
        portId
          ? await session.request<unknown>(`/v1/marketplace/organizations/${id}/ports/${portId}`, { method: 'PUT', body })
          : await api.post<unknown>(`/v1/marketplace/organizations/${id}/ports`, body),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organizationKeys.ports(id) }),
  });
}
