import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CardMedia from '@mui/material/CardMedia';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Listing } from '@harbor/contracts';
import { formatMoney } from '@harbor/contracts/money-format';
import { listingPath } from '../paths.ts';
import { DEFAULT_IMAGE, imageUrl } from './listing-image.ts';
import { AltAmount } from '../../forex/index.ts';

/** A listing card (width 260, image 150 high, title 2 lines, description 3 lines; buyer spec section 9). */
export function ListingCard({ listing, href }: { listing: Listing; href?: string }) {
  const { t } = useTranslation();
  const category = listing.publicData.categories?.[0];
  return (
    <Card sx={{ width: 260, display: 'flex', flexDirection: 'column' }} data-testid="listing-card">
      <CardActionArea component={RouterLink} to={href ?? listingPath(listing)} sx={{ flexGrow: 1, alignItems: 'stretch' }}>
        <CardMedia
          component="img"
          height={150}
          image={imageUrl(listing.images[0], 'listing-card')}
          alt=""
          onError={(e: React.SyntheticEvent<HTMLImageElement>) => {
            if (!e.currentTarget.src.endsWith(DEFAULT_IMAGE)) e.currentTarget.src = DEFAULT_IMAGE;
          }}
        />
        <CardContent>
          {category && <Chip size="small" label={t(`listings:categories.${category}`)} sx={{ mb: 1 }} />}
          <Typography variant="subtitle1" component="h3" sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {listing.title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>
            {listing.description}
          </Typography>
          <Typography variant="subtitle2" sx={{ mt: 1 }}>
            {listing.price ? formatMoney(listing.price) : t('listings:card.noPrice')}
            {listing.publicData.unit ? ` / ${t(`listings:units.${listing.publicData.unit}`)}` : ''}
            {listing.price && <AltAmount money={listing.price} />}
          </Typography>
          {listing.state !== 'published' && <Chip size="small" variant="outlined" label={t(`listings:states.${listing.state}`)} sx={{ mt: 1 }} />}
        </CardContent>
      </CardActionArea>
    </Card>
  );
}
