import Chip from '@mui/material/Chip';
import type { ProcessAlias, TransactionState } from '@harbor/contracts/processes';
import { useTranslation } from 'react-i18next';
import { CHIP_COLORS, stateInfo } from '../process-model.ts';

/** A transaction's displayed state: label and chip colour from its process graph. */
export function StateChip({ processAlias, state, size = 'small' }: { processAlias: ProcessAlias; state: TransactionState; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('transactions');
  const info = stateInfo(processAlias, state);
  return <Chip size={size} color={CHIP_COLORS[info.chip]} label={t(info.label)} data-state={state} data-chip={info.chip} />;
}
