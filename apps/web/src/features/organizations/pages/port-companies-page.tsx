import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { portOptions } from '../../../shared/ports/ports.ts';
import { setSelectedPort, useSelectedPort } from '../../../shared/ports/selected-port.ts';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useSessionStatus } from '../../auth/index.ts';
import { imageUrl } from '../../listings/components/listing-image.ts';
import { usePortOrganizations } from '../api/organizations-api.ts';
import { SelectField } from '../../../shared/ui/select-field.tsx';

/** /port-companies (signed in): the organizations of the chosen port. */
export function PortCompaniesPage() {
  const { t } = useTranslation();
  const port = useSelectedPort();
  const signedIn = useSessionStatus() === 'authenticated';
  const { data, isPending, error } = usePortOrganizations(port, signedIn);
  return (
    <Page title={t('organizations:portCompanies.title')} maxWidth="xl">
      <SelectField id="port-companies-port" label={t('listings:search.port')} value={port} onChange={(e) => setSelectedPort(e.target.value)} options={portOptions()} sx={{ minWidth: 220, mb: 3 }} />
      {isPending ? (
        <Loading />
      ) : error ? (
        <ApiErrorAlert error={error} />
      ) : data.length === 0 ? (
        <Alert severity="info">{t('organizations:portCompanies.empty')}</Alert>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
          {data.map((org) => (
            <Card key={org.id} sx={{ width: 280 }}>
              <CardActionArea component={RouterLink} to={`/organization/${org.id}`} sx={{ height: '100%' }}>
                <CardContent>
                  {org.logo && <Box component="img" src={imageUrl(org.logo, 'square-small')} alt="" sx={{ width: 64, height: 64, objectFit: 'contain', mb: 1 }} />}
                  <Typography variant="subtitle1" component="h2">{org.name}</Typography>
                  {org.shortDescription && <Typography variant="body2" color="text.secondary">{org.shortDescription}</Typography>}
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
      )}
    </Page>
  );
}
