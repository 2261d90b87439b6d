import { useQuery } from '@tanstack/react-query';
import type { Report, ReportGrouping, ReportRole } from '@harbor/contracts';
import { api } from '../../../shared/api-client/index.ts';

export interface ReportRequest {
  start: string;
  end: string;
  grouping: ReportGrouping;
  role: ReportRole;
}

export const reportQueryString = (r: ReportRequest) => new URLSearchParams({ start: r.start, end: r.end, grouping: r.grouping, role: r.role }).toString();

/** The report of the submitted form; nothing is fetched until the form is submitted (request null). */
export function useReport(request: ReportRequest | null) {
  return useQuery({
    queryKey: ['reports', request],
    enabled: request !== null,
    retry: false,
    // The answer is typed by the shared contract; the server validated it against the same schema on the way out.
    queryFn: async ({ signal }) => (await api.get<{ data: Report }>(`/api/reports?${reportQueryString(request!)}`, signal)).data,
  });
}
