import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@harbor/contracts';
import { Fragment, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorCodeOf } from '../../../shared/api-client/index.ts';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { externalNavigation } from '../api/external-navigation.ts';
import { createSetupIntent, useAddPaymentMethod, useDeletePaymentMethod, usePaymentMethods, useSetDefaultPaymentMethod } from '../api/payment-methods-api.ts';
import { DeleteCardDialog } from '../components/delete-card-dialog.tsx';
import { cardLabel, SavedCardDetails } from '../components/saved-card.tsx';

const METHODS_PATH = '/account/payment-methods';

/**
 * /account/payment-methods (seller spec section 2): the saved cards with the
 * default card, replace-card (a new card becomes the default), make-default
 * and delete with a confirmation. A card is added at the provider's card form,
 * which returns here with ?setup=success&paymentMethodId=… (the card is then
 * added, as the default) or ?setup=cancel.
 */
export function PaymentMethodsPage() {
  const { t } = useTranslation('payments');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const methods = usePaymentMethods();
  const remove = useDeletePaymentMethod();
  const makeDefault = useSetDefaultPaymentMethod();
  const [deleting, setDeleting] = useState<SavedCard | null>(null);
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<unknown>(null);
  const setup = params.get('setup');
  const returnedCard = setup === 'success' ? params.get('paymentMethodId') : null;
  const add = useAddPaymentMethod();
  // Each returned card is added once, also when the effect runs twice (StrictMode) or the page re-renders.
  const added = useRef<string | null>(null);
  useEffect(() => {
    if (!returnedCard || added.current === returnedCard) return;
    added.current = returnedCard;
    add.mutate(returnedCard, { onSettled: () => void navigate(`${METHODS_PATH}?setup=success`, { replace: true }) });
  }, [returnedCard, add, navigate]);

  const addCard = async () => {
    setOpening(true);
    setOpenError(null);
    try {
      externalNavigation.assign(await createSetupIntent(METHODS_PATH));
    } catch (error) {
      setOpenError(error);
      setOpening(false);
    }
  };

  const cards = methods.data?.data ?? [];
  const hasDefault = cards.some((c) => c.isDefault);

  return (
    <Page title={t('methods.title')} bare>
      <Stack spacing={2}>
        <Typography>{t('methods.intro')}</Typography>
        {add.error ? (
          <Alert severity="error" role="alert">
            {t(`errors:${errorCodeOf(add.error)}`)}
          </Alert>
        ) : null}
        {(setup === 'cancel' || (setup === 'success' && !returnedCard && !add.error)) && (
          <Alert severity={setup === 'success' ? 'success' : 'info'} onClose={() => void navigate(METHODS_PATH, { replace: true })} data-testid="setup-return">
            {t(setup === 'success' ? 'methods.added' : 'methods.addCancelled')}
          </Alert>
        )}
        {remove.isSuccess && !deleting && (
          <Alert severity="success" role="status">
            {t('methods.deleted')}
          </Alert>
        )}
        {openError || makeDefault.error ? (
          <Alert severity="error" role="alert">
            {t(`errors:${errorCodeOf(openError ?? makeDefault.error)}`)}
          </Alert>
        ) : null}
        {methods.isPending ? (
          <Loading />
        ) : methods.error ? (
          <Alert severity="error" role="alert">
            {t('methods.loadFailed')}
          </Alert>
        ) : (
          <Paper variant="outlined" sx={{ px: 2 }}>
            {cards.length === 0 ? (
              <Typography sx={{ py: 2 }} color="text.secondary">
                {t('methods.empty')}
              </Typography>
            ) : (
              cards.map((card, i) => (
                <Fragment key={card.id}>
                  {i > 0 && <Divider />}
                  <SavedCardDetails
                    card={card}
                    actions={
                      <>
                        {!card.isDefault && !card.expired && (
                          <Button size="small" onClick={() => makeDefault.mutate(card.id)} disabled={makeDefault.isPending}>
                            {t('methods.makeDefault')}
                          </Button>
                        )}
                        <Button
                          size="small"
                          color="error"
                          onClick={() => {
                            remove.reset();
                            setDeleting(card);
                          }}
                          aria-label={`${t('methods.delete')}: ${cardLabel(t, card)}`}
                        >
                          {t('methods.delete')}
                        </Button>
                      </>
                    }
                  />
                </Fragment>
              ))
            )}
          </Paper>
        )}
        {!methods.isPending && !methods.error && (
          <div>
            <Button variant="contained" onClick={() => void addCard()} disabled={opening}>
              {opening ? t('methods.redirecting') : hasDefault ? t('methods.replace') : t('methods.add')}
            </Button>
          </div>
        )}
      </Stack>
      {deleting && (
        <DeleteCardDialog
          card={cardLabel(t, deleting)}
          pending={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </Page>
  );
}
