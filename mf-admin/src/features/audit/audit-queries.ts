import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditListQuery } from '@shop/contracts/admin';
import { auditApi } from '../../api/audit-api';

/** The audit log's server state: its keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const auditKeys = {
  all: ['audit'] as const,
  list: (query: Partial<AuditListQuery>) => [...auditKeys.all, query] as const,
};

export const auditQueries = {
  /** One page of the log; a new filter or page keeps showing the previous one until it arrives. */
  list: (query: Partial<AuditListQuery>) =>
    queryOptions({ queryKey: auditKeys.list(query), queryFn: () => auditApi.list(query), placeholderData: keepPreviousData }),
};
