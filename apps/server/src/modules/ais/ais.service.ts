import type { AisStatusResponse } from '@harbor/contracts';
import type { AisIngestion } from './ais-ingestion.ts';

export function status(ingestion: AisIngestion): AisStatusResponse {
  return ingestion.status();
}
