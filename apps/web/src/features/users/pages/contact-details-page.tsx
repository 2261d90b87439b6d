import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../shared/ui/api-error-alert.tsx';
import { Loading } from '../../../shared/ui/loading.tsx';
import { Page } from '../../../shared/ui/page.tsx';
import { useCurrentUser } from '../api/use-current-user.ts';
import { EmailSection } from '../components/email-section.tsx';
import { NotificationsSection } from '../components/notifications-section.tsx';
import { PhoneSection } from '../components/phone-section.tsx';

/** /account/contact-details: e-mail (change, verification), phone and message e-mails. `#phone`, `#email` and `#notifications` are scroll targets. */
export function ContactDetailsPage() {
  const { t } = useTranslation();
  const { data: user, error, isPending } = useCurrentUser();
  return (
    <Page title={t('users:contact.title')} bare>
      {isPending ? <Loading /> : error || !user ? <ApiErrorAlert error={error} /> : (
        <>
          <EmailSection user={user} />
          <PhoneSection user={user} />
          <NotificationsSection user={user} />
        </>
      )}
    </Page>
  );
}
