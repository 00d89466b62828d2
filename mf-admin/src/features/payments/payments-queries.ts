import { queryOptions } from '@tanstack/react-query';
import { bankStatementsApi } from '../../api/bank-statements-api';

/** The payments screen's server state: its key in one place (docs/architecture.md: a queryOptions factory per slice). */
export const paymentsKeys = {
  overview: ['bank-statements'] as const,
};

export const paymentsQueries = {
  /** The bank statements imported and the payments still to match. */
  overview: () => queryOptions({ queryKey: paymentsKeys.overview, queryFn: bankStatementsApi.overview }),
};
