import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SavedCard } from '@harbor/contracts';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'diners', 'jcb', 'unionpay'];

/** "Visa ending in 4242": the brand's name where we know it. */
export function cardLabel(t: TFunction, card: Pick<SavedCard, 'brand' | 'last4Digits'>): string {
  const brand = BRANDS.includes(card.brand.toLowerCase()) ? t(`payments:methods.brands.${card.brand.toLowerCase()}`) : card.brand || t('payments:methods.brands.unknown');
  return t('payments:methods.card', { brand, last4: card.last4Digits });
}

/**
 * One saved card: brand, last four and expiry, the default mark, and the
 * expired text when its month has passed (the `expired` flag is the
 * contract's isCardExpired, computed with the card when it is listed).
 */
export function SavedCardDetails({ card, actions }: { card: SavedCard; actions?: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <Box data-testid="saved-card" data-card-id={card.id} data-expired={card.expired} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, py: 1.5 }}>
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <Typography sx={{ fontWeight: 500 }}>{cardLabel(t, card)}</Typography>
        <Typography variant="body2" color={card.expired ? 'error' : 'text.secondary'}>
          {t('methods.expires', { month: String(card.expirationMonth).padStart(2, '0'), year: card.expirationYear })}
        </Typography>
        {card.expired && (
          <Typography variant="body2" color="error" role="note">
            {t('methods.expiredText')}
          </Typography>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        {card.isDefault && <Chip size="small" color="primary" label={t('methods.default')} />}
        {card.expired && <Chip size="small" color="error" label={t('methods.expired')} />}
        {actions}
      </Box>
    </Box>
  );
}
