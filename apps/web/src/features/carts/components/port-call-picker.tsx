import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartPortCall, PortCall } from '@harbor/contracts';
import { formatDateTime } from '../../../shared/i18n/format.ts';
import { shortCallId } from '../call-id.ts';
import { portName } from '../../../shared/ports/ports.ts';
import { readSelectedPort } from '../../../shared/ports/selected-port.ts';
import { PortSearchField, usePortCalls } from '../../port-calls/index.ts';
import { useCurrentPortCall } from '../../vessels/index.ts';

/** Select max height (buyer spec section 9). */
const SELECT_MAX_HEIGHT = 224;

/** The cart's port call from a call: the call's id and the port's name. */
export const toCartPortCall = (call: PortCall): CartPortCall => ({ callId: call.id, portName: portName(call.portCode) });

/** A call as people know it: the single window's PC ID when there is one (AIS-only calls have only our uuid), and its arrival time. */
const callText = (call: PortCall) => {
  const time = call.ata ?? call.eta;
  return [call.pcId ?? (time ? null : shortCallId(call.id)), time ? formatDateTime(time) : null].filter(Boolean).join(' · ');
};
const callLabel = (call: PortCall) => [call.shipName ?? call.ship?.name ?? '?', callText(call)].join(' · ');

interface Props {
  /** The picked ship's MMSI: its current call (GET /portcalls/current) is offered first. */
  mmsi: number | null;
  value: CartPortCall | null;
  onChange: (portCall: CartPortCall | null) => void;
  error?: string;
}

/**
 * The port call a cart is for: the ship's current call in one click, or any
 * call of a port (GET /portcalls?portCode), the ship's own calls first.
 */
export function PortCallPicker({ mmsi, value, onChange, error }: Props) {
  const { t } = useTranslation('carts');
  const [portCode, setPortCode] = useState(readSelectedPort);
  const current = useCurrentPortCall(mmsi);
  const calls = usePortCalls(portCode);
  const currentCall = current.data?.portCall ?? null;
  const sorted = useMemo(() => {
    const list = calls.data?.portCalls ?? [];
    return [...list.filter((c) => mmsi !== null && c.mmsi === mmsi), ...list.filter((c) => mmsi === null || c.mmsi !== mmsi)];
  }, [calls.data, mmsi]);
  const picked = value ? sorted.find((c) => c.id === value.callId) : undefined;

  return (
    <Stack spacing={2} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1">
        {t('portCall.legend')}
      </Typography>
      <Typography variant="body2" data-testid="cart-port-call">
        {value ? t('portCall.chosen', { port: value.portName, call: picked ? callText(picked) : shortCallId(value.callId) }) : t('portCall.none')}
      </Typography>
      {mmsi !== null && current.isSuccess && currentCall && (
        <Button variant="outlined" onClick={() => onChange(toCartPortCall(currentCall))} sx={{ alignSelf: 'flex-start' }} data-testid="use-current-call">
          {t('portCall.useCurrent', { port: portName(currentCall.portCode), call: callText(currentCall) })}
        </Button>
      )}
      {mmsi !== null && current.isSuccess && !currentCall && <Typography variant="body2">{t('portCall.noCurrent')}</Typography>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <PortSearchField value={portCode} onChange={setPortCode} />
        <TextField
          select
          size="small"
          sx={{ flex: 1, minWidth: 240 }}
          label={t('portCall.call')}
          value={picked ? picked.id : ''}
          onChange={(e) => {
            const call = sorted.find((c) => c.id === e.target.value);
            onChange(call ? toCartPortCall(call) : null);
          }}
          error={Boolean(error) || Boolean(calls.error)}
          helperText={error ?? (calls.error ? t('portCall.loadFailed') : calls.isPending ? t('common:loading') : sorted.length === 0 ? t('portCall.noCalls') : undefined)}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: SELECT_MAX_HEIGHT } } } } }, htmlInput: { 'data-testid': 'port-call-select' } }}
        >
          {sorted.map((call) => (
            <MenuItem key={call.id} value={call.id}>
              {callLabel(call)}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      {value && (
        <Button size="small" onClick={() => onChange(null)} sx={{ alignSelf: 'flex-start' }}>
          {t('portCall.clear')}
        </Button>
      )}
    </Stack>
  );
}
