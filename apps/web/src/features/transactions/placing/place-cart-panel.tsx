import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { Cart, CartProduct } from '@harbor/contracts';
import { useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { payOnline } from '../../payments/index.ts';
import { useInitiateTransaction } from '../api/transactions-api.ts';
import { placeLines } from './place-lines.ts';
import { storeSummary, summaryOf } from './placed-summary.ts';
import {
  canPayOnline,
  failedLineIds,
  initialPlacingState,
  isPlacing,
  placeableLines,
  placingReducer,
  type LineOutcome,
} from './placing-machine.ts';

/** The carts feature's query keys start with this; placing changes the cart's lines (placed) and totals. */
const CARTS_KEY = ['carts'] as const;

/**
 * Places a cart: one initiate call per unplaced line (an RFQ for lines that
 * need a quote), the cart order state while it runs, then each line's
 * outcome. Failed lines can be retried alone; when every line is placed the
 * buyer goes to /placed-order. For the single-cart page: `<PlaceCartPanel cart={cart} />`.
 */
export function PlaceCartPanel({ cart }: { cart: Cart }) {
  const { t } = useTranslation(['transactions', 'errors', 'payments']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const initiate = useInitiateTransaction();
  const [state, dispatch] = useReducer(placingReducer, initialPlacingState);
  const [online, setOnline] = useState(false);
  // The lines of the current round, kept so their names stay on screen after the cart reloads them as placed.
  const [round, setRound] = useState<CartProduct[]>([]);
  const running = useRef(false);
  // The reducer's state as of the last event, for deciding right after a round (React's copy updates on the next render).
  const latest = useRef(initialPlacingState);
  // The order waiting for its card payment, and why the payment page did not open (the order still waits for 15 minutes).
  const [paying, setPaying] = useState<{ transactionId: string; error: unknown } | null>(null);

  const placeable = useMemo(() => placeableLines(cart, state), [cart, state]);
  const notOrderable = cart.products.filter((l) => l.placed === null && !l.orderable).length;
  const failed = failedLineIds(state);
  const onlineAllowed = canPayOnline(placeable);
  const busy = isPlacing(state);

  const start = async (lines: CartProduct[]) => {
    // A double click must not start a second round while the first runs (the keys would dedupe it, but the UI should not ask twice).
    if (running.current || lines.length === 0) return;
    running.current = true;
    const pay = online && canPayOnline(lines);
    const shown = [...round.filter((l) => !lines.some((n) => n.id === l.id)), ...lines];
    setRound(shown);
    const track = (event: Parameters<typeof placingReducer>[1]) => {
      latest.current = placingReducer(latest.current, event);
      dispatch(event);
    };
    try {
      await placeLines(cart, lines, pay, { initiate: (body, idempotencyKey) => initiate.mutateAsync({ body, idempotencyKey }), dispatch: track });
    } finally {
      running.current = false;
      await queryClient.invalidateQueries({ queryKey: CARTS_KEY });
    }
    if (failedLineIds(latest.current).length === 0) {
      const summary = summaryOf(cart, shown, latest.current);
      storeSummary(summary);
      const awaiting = pay ? summary.placed.find((p) => p.transaction.state === 'pending-payment') : undefined;
      // An online payment goes on to the provider's page (buyer spec section 7: the browser goes to sessionUrl).
      if (awaiting) await startPayment(awaiting.transaction.id);
      else void navigate('/placed-order', { state: summary });
    }
  };

  const startPayment = async (transactionId: string) => {
    setPaying({ transactionId, error: null });
    try {
      await payOnline(transactionId);
    } catch (error) {
      setPaying({ transactionId, error });
    }
  };

  const showSummary = () => {
    const summary = summaryOf(cart, round, state);
    storeSummary(summary);
    void navigate('/placed-order', { state: summary });
  };

  const lineText = (outcome: LineOutcome | undefined) => {
    if (!outcome || outcome.status === 'pending') return t('placing.line.pending');
    if (outcome.status === 'failed') return t('placing.line.failed', { reason: t(`errors:${outcome.code}`) });
    const s = outcome.transaction.state;
    return t(s === 'quote-requested' ? 'placing.line.quoteRequested' : s === 'pending-payment' ? 'placing.line.pendingPayment' : 'placing.line.ordered');
  };

  // An empty cart has nothing to place (the cart page says it is empty).
  if (cart.products.length === 0) return null;

  return (
    <Paper variant="outlined" component="section" aria-labelledby="place-cart-title" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="place-cart-title" variant="h2" sx={{ fontSize: '1.25rem' }}>
        {t('placing.title')}
      </Typography>
      <Typography role="status" aria-live="polite" data-testid="cart-order-state" data-state={state.phase}>
        {t(`placing.states.${state.phase}`)}
      </Typography>
      {busy && <LinearProgress aria-hidden />}
      {notOrderable > 0 && <Alert severity="warning">{t('placing.notOrderable', { count: notOrderable })}</Alert>}
      {placeable.some((l) => l.rfqRequired) && state.phase === 'initial' && <Typography variant="body2">{t('placing.rfqNote')}</Typography>}
      {!onlineAllowed && placeable.length > 1 && placeable.some((l) => l.allowOnlinePayment && !l.rfqRequired) && state.phase === 'initial' && (
        <Typography variant="body2" color="text.secondary">
          {t('placing.onlineOneLine')}
        </Typography>
      )}
      {onlineAllowed && state.phase === 'initial' && (
        <FormControl>
          <FormLabel id="place-payment">{t('placing.payment')}</FormLabel>
          <RadioGroup aria-labelledby="place-payment" value={online ? 'online' : 'offline'} onChange={(e) => setOnline(e.target.value === 'online')}>
            <FormControlLabel value="offline" control={<Radio />} label={t('placing.paymentOffline')} />
            <FormControlLabel value="online" control={<Radio />} label={t('placing.paymentOnline')} />
          </RadioGroup>
        </FormControl>
      )}
      {round.length > 0 && (
        <List dense aria-label={t('placing.title')}>
          {round.map((line) => {
            const outcome = state.lines[line.id];
            return (
              <ListItem key={line.id} disableGutters data-testid="placing-line" data-status={outcome?.status ?? 'pending'}>
                <ListItemText
                  primary={`${line.name} × ${line.quantity}`}
                  secondary={
                    <>
                      <Box component="span" sx={{ color: outcome?.status === 'failed' ? 'error.main' : undefined }}>
                        {lineText(outcome)}
                      </Box>
                      {outcome?.status === 'placed' && (
                        <>
                          {' · '}
                          <Link component={RouterLink} to={`/orders/${outcome.transaction.id}`}>
                            {t('placing.line.open')}
                          </Link>
                        </>
                      )}
                    </>
                  }
                />
              </ListItem>
            );
          })}
        </List>
      )}
      {failed.length > 0 && !busy && <Alert severity="error">{t('placing.summaryFailed', { count: failed.length })}</Alert>}
      {paying && !paying.error && (
        <Typography role="status" data-testid="payment-redirect">
          {t('payments:placing.redirecting')}
        </Typography>
      )}
      {paying?.error ? (
        <Alert
          severity="error"
          role="alert"
          action={
            <Button color="inherit" size="small" onClick={() => void startPayment(paying.transactionId)}>
              {t('payments:order.payNow')}
            </Button>
          }
        >
          {t('payments:placing.sessionFailed')} {t(`errors:${errorCodeOf(paying.error)}`)}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {paying ? (
          <Button onClick={showSummary}>{t('placing.toSummary')}</Button>
        ) : failed.length > 0 && !busy ? (
          <>
            <Button variant="contained" onClick={() => void start(round.filter((l) => failed.includes(l.id)))}>
              {t('placing.retry', { count: failed.length })}
            </Button>
            <Button onClick={showSummary}>{t('placing.toSummary')}</Button>
          </>
        ) : placeable.length === 0 && !busy ? (
          <Typography color="text.secondary">{t('placing.nothing')}</Typography>
        ) : (
          <Button variant="contained" disabled={busy} onClick={() => void start(placeable)}>
            {t('placing.placeButton', { count: placeable.length })}
          </Button>
        )}
      </Box>
    </Paper>
  );
}
